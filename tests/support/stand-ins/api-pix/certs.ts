import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Certificates made for one test run with Debian's openssl, in a temporary folder (no private key is ever
 * committed): an authority, the stand-in bank's server certificate for 127.0.0.1 and the NGO's client
 * certificate, both signed by it — as a bank's homologation environment issues them.
 */
export interface TestCertificates {
  dir: string;
  caPath: string;
  serverCert: Buffer;
  serverKey: Buffer;
  ca: Buffer;
  clientCertPath: string;
  clientKeyPath: string;
  /** A client certificate from an authority the bank does not know. */
  strangerCertPath: string;
  strangerKeyPath: string;
  remove(): void;
}

export function makeTestCertificates(): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'api-pix-certs-'));
  const at = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const newKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  const authority = (name: string) =>
    openssl('req', '-x509', ...newKey, '-keyout', at(`${name}.key`), '-out', at(`${name}.pem`), '-days', '2', '-subj', `/CN=${name}`);
  const signed = (name: string, by: string, extensions: string) => {
    openssl('req', ...newKey, '-keyout', at(`${name}.key`), '-out', at(`${name}.csr`), '-subj', `/CN=${name}`);
    writeFileSync(at(`${name}.ext`), extensions);
    openssl(
      'x509',
      '-req',
      '-in',
      at(`${name}.csr`),
      '-CA',
      at(`${by}.pem`),
      '-CAkey',
      at(`${by}.key`),
      '-CAcreateserial',
      '-out',
      at(`${name}.pem`),
      '-days',
      '2',
      '-extfile',
      at(`${name}.ext`),
    );
  };
  authority('bank-ca');
  authority('stranger-ca');
  signed('bank-server', 'bank-ca', 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  signed('ngo-client', 'bank-ca', 'extendedKeyUsage=clientAuth\n');
  signed('stranger-client', 'stranger-ca', 'extendedKeyUsage=clientAuth\n');
  return {
    dir,
    caPath: at('bank-ca.pem'),
    ca: readFileSync(at('bank-ca.pem')),
    serverCert: readFileSync(at('bank-server.pem')),
    serverKey: readFileSync(at('bank-server.key')),
    clientCertPath: at('ngo-client.pem'),
    clientKeyPath: at('ngo-client.key'),
    strangerCertPath: at('stranger-client.pem'),
    strangerKeyPath: at('stranger-client.key'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
