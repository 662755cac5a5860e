import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import { z } from 'zod';
import { ConfigError, urlText } from '../../../config-text';

/** The variables of the Central Bank's API Pix at the NGO's own bank (docs/payments.md, "PIX from your bank"). */
export const apiPixEnv = {
  PIX_API_URL: urlText('PIX_API_URL', ['https:']).optional(),
  PIX_API_TOKEN_URL: urlText('PIX_API_TOKEN_URL', ['https:']).optional(),
  PIX_API_CLIENT_ID: z.string().min(1).optional(),
  PIX_API_CLIENT_SECRET: z.string().min(1).optional(),
  PIX_API_CERT: z.string().min(1).optional(),
  PIX_API_CERT_KEY: z.string().min(1).optional(),
  PIX_API_PFX: z.string().min(1).optional(),
  PIX_API_PFX_PASSPHRASE: z.string().optional(),
  PIX_API_CA: z.string().min(1).optional(),
};

type ApiPixEnv = z.output<z.ZodObject<typeof apiPixEnv>>;

/** The client certificate the bank issued, read once at start-up: PEM certificate and key, or a PKCS#12 file. */
export interface ApiPixTls {
  cert?: Buffer;
  key?: Buffer;
  pfx?: Buffer;
  passphrase?: string;
  /** An extra authority to trust (a homologation environment's, a test stand-in's). */
  ca?: Buffer;
}

export interface ApiPixConfig {
  apiUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  tls: ApiPixTls;
}

function readFileOf(name: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    throw new ConfigError(`Invalid configuration: ${name}=${path} cannot be read (${reason})`);
  }
}

/**
 * The API Pix settings when PAYMENT_PIX_PROVIDER=api-pix, null otherwise. The certificate files are read
 * and tried here, so a missing, unreadable or mismatched certificate stops start-up with its name instead
 * of failing the first donor's PIX.
 */
export function apiPixConfig(e: ApiPixEnv, chosen: boolean): ApiPixConfig | null {
  if (!chosen) return null;
  const required = ['PIX_API_URL', 'PIX_API_TOKEN_URL', 'PIX_API_CLIENT_ID', 'PIX_API_CLIENT_SECRET'] as const;
  const missing: string[] = required.filter((name) => e[name] === undefined);
  const pem = e.PIX_API_CERT !== undefined || e.PIX_API_CERT_KEY !== undefined;
  if (pem && e.PIX_API_PFX !== undefined) {
    throw new ConfigError('Invalid configuration: set PIX_API_CERT with PIX_API_CERT_KEY, or PIX_API_PFX, not both');
  }
  if (pem) missing.push(...(['PIX_API_CERT', 'PIX_API_CERT_KEY'] as const).filter((name) => e[name] === undefined));
  else if (e.PIX_API_PFX === undefined) missing.push('PIX_API_CERT and PIX_API_CERT_KEY (or PIX_API_PFX)');
  if (missing.length > 0) throw new ConfigError(`Invalid configuration: PAYMENT_PIX_PROVIDER=api-pix needs ${missing.join(', ')}`);
  const tls: ApiPixTls = pem
    ? { cert: readFileOf('PIX_API_CERT', e.PIX_API_CERT as string), key: readFileOf('PIX_API_CERT_KEY', e.PIX_API_CERT_KEY as string) }
    : {
        pfx: readFileOf('PIX_API_PFX', e.PIX_API_PFX as string),
        ...(e.PIX_API_PFX_PASSPHRASE === undefined ? {} : { passphrase: e.PIX_API_PFX_PASSPHRASE }),
      };
  if (e.PIX_API_CA !== undefined) tls.ca = readFileOf('PIX_API_CA', e.PIX_API_CA);
  try {
    // Parses the certificate and key (or opens the PKCS#12 with its passphrase) and checks they belong together.
    createSecureContext(tls);
  } catch (error) {
    const files = pem ? 'PIX_API_CERT and PIX_API_CERT_KEY' : 'PIX_API_PFX (with PIX_API_PFX_PASSPHRASE)';
    throw new ConfigError(
      `Invalid configuration: ${files} do not hold a usable client certificate: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return {
    apiUrl: (e.PIX_API_URL as string).replace(/\/+$/, ''),
    tokenUrl: e.PIX_API_TOKEN_URL as string,
    clientId: e.PIX_API_CLIENT_ID as string,
    clientSecret: e.PIX_API_CLIENT_SECRET as string,
    tls,
  };
}
