import { randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const UPPER_ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function randomText(alphabet: string, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += alphabet[randomInt(alphabet.length)];
  return text;
}

/** Unguessable references in the shapes providers use (`tok_...`, `ch_...`); 24 characters ≈ 143 bits. */
export const sandboxId = (prefix: 'tok' | 'card' | 'ch' | 're' | 'evt'): string => `${prefix}_${randomText(ALPHANUMERIC, 24)}`;

/** PayPal order ids look like `PAY-4X...`: upper-case letters and digits. */
export const paypalOrderId = (): string => `PAY-${randomText(UPPER_ALPHANUMERIC, 24)}`;
