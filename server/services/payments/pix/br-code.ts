import { randomInt } from 'node:crypto';

/**
 * PIX "copia e cola" BR Code: the EMV® QRCPS-MPM payload of the Banco Central's BR Code manual.
 * Each field is ID (2 digits) + length (2 digits) + value; the last field, 63, is a CRC16/CCITT-FALSE
 * over the UTF-8 bytes of everything before it, "6304" included (docs/design.md §9).
 */

const PIX_GUI = 'br.gov.bcb.pix';
/** A TLV value has a two-digit length. */
const MAX_FIELD = 99;
/** Field 26 holds "0014br.gov.bcb.pix" (18) and "01" + length + key (4 + key), so the key fits in 77. */
export const PIX_KEY_MAX = MAX_FIELD - (4 + PIX_GUI.length) - 4;
export const PIX_MERCHANT_NAME_MAX = 25;
export const PIX_MERCHANT_CITY_MAX = 15;
export const PIX_TXID_MAX = 25;
/** Field 54 holds at most 13 characters: "9999999999.99". */
export const PIX_AMOUNT_MAX_CENTS = 999_999_999_999;

const ID = {
  payloadFormat: '00',
  pointOfInitiation: '01',
  merchantAccount: '26',
  mcc: '52',
  currency: '53',
  amount: '54',
  country: '58',
  merchantName: '59',
  merchantCity: '60',
  additionalData: '62',
  crc: '63',
} as const;
const SUB = { gui: '00', key: '01', description: '02', location: '25', txid: '05' } as const;

export interface PixBrCodeInput {
  /** DICT key: e-mail, phone (+55...), CPF/CNPJ digits or random key (EVP, a UUID). */
  key: string;
  merchantName: string;
  merchantCity: string;
  amountCents: number;
  /** 1–25 letters and digits, or "***" when the receiver does not reconcile by txid. */
  txid: string;
  /** Free text shown to the payer; cut to what fits in field 26. */
  description?: string | null;
}

export interface ParsedPixBrCode {
  payloadFormat: string;
  /** A dynamic code's charge location (field 26's 25, a URL without its scheme); null in a static code. */
  location: string | null;
  /** "11" reusable, "12" single use; null when the code leaves the field out. */
  pointOfInitiation: string | null;
  key: string;
  description: string | null;
  mcc: string;
  currency: string;
  /** null for a code without an amount (the payer types it). */
  amountCents: number | null;
  country: string;
  merchantName: string;
  merchantCity: string;
  txid: string | null;
  crc: string;
}

/** CRC16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR) of the UTF-8 bytes, 4 upper-case hex digits. */
export function crc16ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const TXID_PATTERN = /^(?:[A-Za-z0-9]{1,25}|\*\*\*)$/;
const TXID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export const isValidPixTxid = (txid: string): boolean => TXID_PATTERN.test(txid);

/** A fresh txid: 25 letters and digits from the crypto RNG (about 148 bits). */
export function newPixTxid(): string {
  let txid = '';
  for (let i = 0; i < PIX_TXID_MAX; i++) txid += TXID_ALPHABET[randomInt(TXID_ALPHABET.length)];
  return txid;
}

/** Accents stripped ("São" → "Sao"), then anything outside printable ASCII dropped and spaces collapsed. */
function plainAscii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Merchant name and city: plain ASCII, upper-case, cut to the field's limit. */
export function pixMerchantText(text: string, max: number): string {
  return plainAscii(text).toUpperCase().slice(0, max).trim();
}

function field(id: string, value: string): string {
  if (value.length > MAX_FIELD) throw new Error(`PIX BR Code field ${id} is ${value.length} characters long; at most ${MAX_FIELD} fit`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

const formatAmount = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Builds the "copia e cola" text of a single-use PIX charge with a fixed amount. */
export function buildPixBrCode(input: PixBrCodeInput): string {
  const key = input.key.trim();
  if (key.length === 0) throw new Error('PIX key is empty');
  if (key.length > PIX_KEY_MAX) throw new Error(`PIX key is ${key.length} characters long; at most ${PIX_KEY_MAX} fit in a BR Code`);
  if (!/^[\x21-\x7e]+$/.test(key)) throw new Error('PIX key must be printable ASCII without spaces');
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    throw new Error(`PIX amount must be a positive whole number of cents, got ${input.amountCents}`);
  if (input.amountCents > PIX_AMOUNT_MAX_CENTS) throw new Error(`PIX amount must be at most ${PIX_AMOUNT_MAX_CENTS} cents`);
  if (!isValidPixTxid(input.txid)) throw new Error(`PIX txid must be 1–${PIX_TXID_MAX} letters and digits, or "***"; got "${input.txid}"`);
  const merchantName = pixMerchantText(input.merchantName, PIX_MERCHANT_NAME_MAX);
  if (!merchantName) throw new Error('PIX merchant name is empty once reduced to plain ASCII');
  const merchantCity = pixMerchantText(input.merchantCity, PIX_MERCHANT_CITY_MAX);
  if (!merchantCity) throw new Error('PIX merchant city is empty once reduced to plain ASCII');

  let account = field(SUB.gui, PIX_GUI) + field(SUB.key, key);
  // Whatever room field 26 has left after the key, minus the description's own ID and length.
  const room = MAX_FIELD - account.length - 4;
  const description = plainAscii(input.description ?? '')
    .slice(0, Math.max(0, room))
    .trim();
  if (description) account += field(SUB.description, description);

  const payload =
    field(ID.payloadFormat, '01') +
    field(ID.pointOfInitiation, '12') +
    field(ID.merchantAccount, account) +
    field(ID.mcc, '0000') +
    field(ID.currency, '986') +
    field(ID.amount, formatAmount(input.amountCents)) +
    field(ID.country, 'BR') +
    field(ID.merchantName, merchantName) +
    field(ID.merchantCity, merchantCity) +
    field(ID.additionalData, field(SUB.txid, input.txid)) +
    `${ID.crc}04`;
  return payload + crc16ccitt(payload);
}

/** Splits a TLV string into its fields in order; throws on a bad ID, length or a field running past the end. */
function readFields(text: string, where: string): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  let at = 0;
  while (at < text.length) {
    const header = text.slice(at, at + 4);
    if (!/^\d{4}$/.test(header)) throw new Error(`Malformed PIX BR Code: bad field header "${header}" at ${where} position ${at}`);
    const length = Number(header.slice(2));
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length)
      throw new Error(`Malformed PIX BR Code: field ${header.slice(0, 2)} at ${where} position ${at} runs past the end`);
    fields.push([header.slice(0, 2), value]);
    at += 4 + length;
  }
  return fields;
}

function uniqueMap(fields: Array<[string, string]>, where: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const [id, value] of fields) {
    if (map.has(id)) throw new Error(`Malformed PIX BR Code: field ${id} repeated in ${where}`);
    map.set(id, value);
  }
  return map;
}

function parseAmount(text: string | undefined): number | null {
  if (text === undefined) return null;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`Malformed PIX BR Code: amount "${text}"`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

function required(fields: Map<string, string>, id: string, name: string): string {
  const value = fields.get(id);
  if (value === undefined || value === '') throw new Error(`Malformed PIX BR Code: no ${name} (field ${id})`);
  return value;
}

/** Reads a static PIX BR Code back into its fields; throws on a wrong CRC or malformed TLV. */
export function parsePixBrCode(code: string): ParsedPixBrCode {
  const text = code.trim();
  const crcAt = text.length - 8;
  if (crcAt < 0 || text.slice(crcAt, crcAt + 4) !== `${ID.crc}04`)
    throw new Error('Malformed PIX BR Code: it must end with the CRC field 6304XXXX');
  const crc = text.slice(-4).toUpperCase();
  if (!/^[0-9A-F]{4}$/.test(crc)) throw new Error(`Malformed PIX BR Code: CRC "${crc}" is not 4 hex digits`);
  const expected = crc16ccitt(text.slice(0, -4));
  if (crc !== expected) throw new Error(`PIX BR Code CRC mismatch: the code says ${crc}, its content gives ${expected}`);

  const ordered = readFields(text.slice(0, crcAt), 'top level');
  if (ordered[0]?.[0] !== ID.payloadFormat) throw new Error('Malformed PIX BR Code: it must start with field 00');
  const top = uniqueMap(ordered, 'top level');
  const payloadFormat = required(top, ID.payloadFormat, 'payload format indicator');
  if (payloadFormat !== '01') throw new Error(`Malformed PIX BR Code: payload format "${payloadFormat}" is not 01`);

  // The PIX account may sit in any merchant account template (26–51); it is the one whose GUI is PIX's.
  let account: Map<string, string> | undefined;
  for (const [id, value] of ordered) {
    if (Number(id) < 26 || Number(id) > 51) continue;
    const sub = uniqueMap(readFields(value, `field ${id}`), `field ${id}`);
    if (sub.get(SUB.gui)?.toLowerCase() === PIX_GUI) account = sub;
  }
  if (!account) throw new Error('Malformed PIX BR Code: no merchant account with GUI br.gov.bcb.pix');
  const additional = top.has(ID.additionalData)
    ? uniqueMap(readFields(top.get(ID.additionalData) as string, 'field 62'), 'field 62')
    : new Map<string, string>();

  return {
    payloadFormat,
    pointOfInitiation: top.get(ID.pointOfInitiation) ?? null,
    // A dynamic code (a bank's API Pix charge) names its charge's location instead of the key: key ''.
    key: account.has(SUB.location) ? (account.get(SUB.key) ?? '') : required(account, SUB.key, 'PIX key'),
    location: account.get(SUB.location) ?? null,
    description: account.get(SUB.description) ?? null,
    mcc: required(top, ID.mcc, 'merchant category code'),
    currency: required(top, ID.currency, 'currency'),
    amountCents: parseAmount(top.get(ID.amount)),
    country: required(top, ID.country, 'country code'),
    merchantName: required(top, ID.merchantName, 'merchant name'),
    merchantCity: required(top, ID.merchantCity, 'merchant city'),
    txid: additional.get(SUB.txid) ?? null,
    crc,
  };
}

export function isValidPixBrCode(code: string): boolean {
  try {
    parsePixBrCode(code);
    return true;
  } catch {
    return false;
  }
}
