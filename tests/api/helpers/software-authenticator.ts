import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A passkey in software, for API tests: an ES256 key pair answering WebAuthn options the way a browser and
 * an authenticator would (attestation "none", CBOR as the spec encodes it), so the server's real
 * @simplewebauthn/server verification runs on what it gets.
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | { [key: string]: Cbor };

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(length, 1);
  return head;
}

/** The few CBOR kinds WebAuthn needs: integers, byte and text strings, maps. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const entries: [Cbor, Cbor][] = value instanceof Map ? [...value] : Object.entries(value);
  return Buffer.concat([cborHead(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

export interface SoftwareAuthenticator {
  credentialId: string;
  /** navigator.credentials.create() answered, as @simplewebauthn/browser encodes it. */
  register(options: CreationOptions): Record<string, unknown>;
  /** navigator.credentials.get() answered; `signWith` another key makes a forged signature. */
  assert(options: RequestOptions, overrides?: { signWith?: KeyObject; challenge?: string }): Record<string, unknown>;
}

export function softwareAuthenticator(origin: string): SoftwareAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const rawId = randomBytes(16);
  let signCount = 0;
  const clientData = (type: string, challenge: string) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
  const coseKey = cbor(
    new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  const counter = () => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(signCount);
    return bytes;
  };
  // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
  return {
    credentialId: b64url(rawId),
    register(options) {
      const rpId = options.rp.id ?? new URL(origin).hostname;
      const idLength = Buffer.from([rawId.length >> 8, rawId.length & 0xff]);
      const authData = Buffer.concat([sha256(rpId), Buffer.from([0x45]), counter(), Buffer.alloc(16), idLength, rawId, coseKey]);
      const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData });
      return {
        id: b64url(rawId),
        rawId: b64url(rawId),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
      };
    },
    assert(options, overrides = {}) {
      signCount += 1;
      const rpId = options.rpId ?? new URL(origin).hostname;
      const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([0x05]), counter()]);
      const clientDataJSON = clientData('webauthn.get', overrides.challenge ?? options.challenge);
      const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), overrides.signWith ?? privateKey);
      return {
        id: b64url(rawId),
        rawId: b64url(rawId),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authenticatorData),
          signature: b64url(signature),
        },
      };
    },
  };
}
