import { z } from 'zod';

/** Environment variables are text: these read them into values, with an error that names the variable. */

export const booleanText = (name: string) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: `${name} must be true or false` })
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const integerText = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: `${name} must be a whole number between ${min} and ${max}` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `${name} must be a whole number between ${min} and ${max}` });

export const urlText = (name: string, protocols: readonly string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A secret start.ts generates when unset (config-secrets.ts): missing here is a bug, not a user's mistake. */
export const present = (secret: string | undefined): string => {
  if (secret === undefined) throw new ConfigError('Invalid configuration: a secret is missing');
  return secret;
};
