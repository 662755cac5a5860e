import { getPixPayloadInfo } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildPixBrCode,
  crc16ccitt,
  isValidPixBrCode,
  newPixTxid,
  parsePixBrCode,
  PIX_AMOUNT_MAX_CENTS,
  PIX_KEY_MAX,
  pixMerchantText,
  type PixBrCodeInput,
} from '../../server/services/payments/pix/br-code';
import { PIX_QR_WIDTH, pixQrImage } from '../../server/services/payments/pix/qr-image';
import { dynamicBrCode } from '../support/stand-ins/api-pix';

const EVP_KEY = '123e4567-e12b-12d1-a456-426655440000';
const base: PixBrCodeInput = {
  key: 'pix@semear.dev',
  merchantName: 'SEMEAR DOACOES',
  merchantCity: 'SAO PAULO',
  amountCents: 5000,
  txid: 'DOACAO123',
};

/** Top-level fields of a code as [id, value], read by hand here so the test does not trust the parser. */
function topFields(code: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let at = 0; at < code.length;) {
    const id = code.slice(at, at + 2);
    const length = Number(code.slice(at + 2, at + 4));
    out.push([id, code.slice(at + 4, at + 4 + length)]);
    at += 4 + length;
  }
  return out;
}

/** Replaces one character and recomputes nothing: the CRC must then disagree. */
const tamper = (code: string, at: number, by: string) => code.slice(0, at) + by + code.slice(at + 1);

describe('crc16ccitt (CRC16/CCITT-FALSE)', () => {
  it('gives the standard check value for "123456789"', () => {
    expect(crc16ccitt('123456789')).toBe('29B1');
  });

  it('gives 4 upper-case hex digits, zero-padded, and FFFF for the empty text (the init value)', () => {
    expect(crc16ccitt('')).toBe('FFFF');
    expect(crc16ccitt('A')).toMatch(/^[0-9A-F]{4}$/);
  });

  it('runs over UTF-8 bytes, not UTF-16 code units', () => {
    // Bit-by-bit reference over explicit bytes: 'ã' is C3 A3 in UTF-8, E3 as a single code unit.
    const overBytes = (bytes: number[]) => {
      let crc = 0xffff;
      for (const byte of bytes)
        for (let bit = 7; bit >= 0; bit--) crc = ((crc << 1) & 0xffff) ^ ((crc >> 15) ^ ((byte >> bit) & 1) ? 0x1021 : 0);
      return crc.toString(16).toUpperCase().padStart(4, '0');
    };
    expect(overBytes([0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39])).toBe('29B1');
    expect(crc16ccitt('ã')).toBe(overBytes([0xc3, 0xa3]));
    expect(crc16ccitt('ã')).not.toBe(overBytes([0xe3]));
  });

  it("matches the example of the Banco Central's BR Code manual", () => {
    const manual =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
    expect(crc16ccitt(manual.slice(0, -4))).toBe('1D3D');
    expect(parsePixBrCode(manual)).toMatchObject({
      key: EVP_KEY,
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      amountCents: null,
      txid: '***',
      pointOfInitiation: null,
    });
  });
});

describe('buildPixBrCode', () => {
  it('writes every EMV field with its ID, two-digit length and value, in order', () => {
    const code = buildPixBrCode({ ...base, description: 'Doação' });
    expect(code).toBe(
      '000201' +
        '010212' +
        '2646' +
        '0014br.gov.bcb.pix' +
        '0114pix@semear.dev' +
        '0206Doacao' +
        '52040000' +
        '5303986' +
        '540550.00' +
        '5802BR' +
        '5914SEMEAR DOACOES' +
        '6009SAO PAULO' +
        '6213' +
        '0509DOACAO123' +
        '6304' +
        crc16ccitt(code.slice(0, -4)),
    );
    const fields = topFields(code);
    expect(fields.map(([id]) => id)).toEqual(['00', '01', '26', '52', '53', '54', '58', '59', '60', '62', '63']);
    for (const [id, value] of fields) expect(code).toContain(`${id}${String(value.length).padStart(2, '0')}${value}`);
    expect(fields.at(-1)).toEqual(['63', crc16ccitt(code.slice(0, -4))]);
  });

  it.each([
    [1, '0.01'],
    [99, '0.99'],
    [100, '1.00'],
    [5000, '50.00'],
    [123456, '1234.56'],
    [PIX_AMOUNT_MAX_CENTS, '9999999999.99'],
  ])('formats %i cents as "%s"', (amountCents, text) => {
    const code = buildPixBrCode({ ...base, amountCents });
    expect(topFields(code).find(([id]) => id === '54')?.[1]).toBe(text);
    expect(parsePixBrCode(code).amountCents).toBe(amountCents);
  });

  it.each([
    ['e-mail', 'doacoes@semear.org.br'],
    ['EVP (random key)', EVP_KEY],
    ['phone', '+5511987654321'],
    ['CPF', '52998224725'],
    ['CNPJ', '12ABC34501DE35'],
  ])('round-trips a %s key', (_kind, key) => {
    const code = buildPixBrCode({ ...base, key, amountCents: 2590, txid: 'ABC' });
    expect(parsePixBrCode(code)).toEqual({
      payloadFormat: '01',
      location: null,
      pointOfInitiation: '12',
      key,
      description: null,
      mcc: '0000',
      currency: '986',
      amountCents: 2590,
      country: 'BR',
      merchantName: 'SEMEAR DOACOES',
      merchantCity: 'SAO PAULO',
      txid: 'ABC',
      crc: code.slice(-4),
    });
    // An independent parser (brazilian-utils) reads the same code the same way.
    expect(getPixPayloadInfo(code)).toMatchObject({
      key,
      amount: 25.9,
      txid: 'ABC',
      merchantName: 'SEMEAR DOACOES',
      merchantCity: 'SAO PAULO',
    });
  });

  it('strips accents, upper-cases and cuts the merchant name (25) and city (15)', () => {
    const code = buildPixBrCode({
      ...base,
      merchantName: 'Associação Beneficente São João da Várzea',
      merchantCity: 'São José dos Campos',
    });
    const parsed = parsePixBrCode(code);
    expect(parsed.merchantName).toBe('ASSOCIACAO BENEFICENTE SA');
    expect(parsed.merchantName).toHaveLength(25);
    expect(parsed.merchantCity).toBe('SAO JOSE DOS CA');
    expect(parsed.merchantCity).toHaveLength(15);
    expect(code).toMatch(/^[\x20-\x7e]+$/);
  });

  it('does not leave a trailing space where a cut falls on one', () => {
    expect(pixMerchantText('Instituto Semear Brasil  X', 17)).toBe('INSTITUTO SEMEAR');
    expect(pixMerchantText('  Céu   Azul  ', 25)).toBe('CEU AZUL');
  });

  it('cuts the description so field 26 stays within 99 characters, and leaves it out when there is no room', () => {
    const long = buildPixBrCode({
      ...base,
      key: EVP_KEY,
      description: 'Doação-para-a-campanha-Água-Limpa-no-Sertão-com-carinho-de-toda-a-família',
    });
    const account = topFields(long).find(([id]) => id === '26')?.[1] ?? '';
    expect(account).toHaveLength(99);
    expect(parsePixBrCode(long).description).toBe('Doacao-para-a-campanha-Agua-Limpa-no-');
    const fullKey = buildPixBrCode({ ...base, key: 'k'.repeat(PIX_KEY_MAX), description: 'Obrigado' });
    expect(parsePixBrCode(fullKey).description).toBeNull();
    expect(topFields(fullKey).find(([id]) => id === '26')?.[1]).toHaveLength(99);
  });

  it('accepts "***" as the txid', () => {
    expect(parsePixBrCode(buildPixBrCode({ ...base, txid: '***' })).txid).toBe('***');
  });

  it.each([
    ['an empty txid', { txid: '' }, /txid/],
    ['a txid of 26 characters', { txid: 'A'.repeat(26) }, /txid/],
    ['a txid with a hyphen', { txid: 'ABC-123' }, /txid/],
    ['a txid with an accent', { txid: 'DOAÇÃO' }, /txid/],
    ['a txid of two asterisks', { txid: '**' }, /txid/],
    ['a zero amount', { amountCents: 0 }, /amount/],
    ['a negative amount', { amountCents: -100 }, /amount/],
    ['a fractional amount of cents', { amountCents: 10.5 }, /amount/],
    ['an amount that does not fit in field 54', { amountCents: PIX_AMOUNT_MAX_CENTS + 1 }, /amount/],
    ['an empty key', { key: '  ' }, /key/],
    ['a key too long for field 26', { key: `${'a'.repeat(PIX_KEY_MAX - 10)}@semear.dev` }, /key.*at most 77/],
    ['a key with a space', { key: 'pix @semear.dev' }, /key/],
    ['a merchant name with no ASCII letters left', { merchantName: '税务' }, /merchant name/],
    ['an empty city', { merchantCity: '' }, /merchant city/],
  ])('refuses %s with a clear error', (_label, change, message) => {
    expect(() => buildPixBrCode({ ...base, ...change })).toThrow(message);
  });
});

describe('parsePixBrCode and isValidPixBrCode', () => {
  const good = buildPixBrCode({ ...base, description: 'Obrigado' });

  it('accepts a good code and a lower-case CRC', () => {
    expect(isValidPixBrCode(good)).toBe(true);
    expect(isValidPixBrCode(good.slice(0, -4) + good.slice(-4).toLowerCase())).toBe(true);
  });

  it('detects a tampered amount, key, name or CRC', () => {
    const amountAt = good.indexOf('540550.00') + 4;
    expect(() => parsePixBrCode(tamper(good, amountAt, '9'))).toThrow(/CRC mismatch/);
    expect(() => parsePixBrCode(good.replace('pix@semear.dev', 'pix@semear.dex'))).toThrow(/CRC mismatch/);
    expect(() => parsePixBrCode(good.replace('SEMEAR', 'SEMEAX'))).toThrow(/CRC mismatch/);
    const crc = good.slice(-4);
    expect(() => parsePixBrCode(good.slice(0, -4) + (crc === '0000' ? '0001' : '0000'))).toThrow(/CRC mismatch/);
    expect(isValidPixBrCode(tamper(good, amountAt, '9'))).toBe(false);
  });

  /** Re-signs a payload so only its structure is wrong. */
  const signed = (payload: string) => `${payload}6304${crc16ccitt(`${payload}6304`)}`;

  it.each([
    ['an empty text', ''],
    ['a code without the CRC field', good.slice(0, -8)],
    ['a CRC that is not hex', `${good.slice(0, -4)}ZZZZ`],
    ['a field whose length runs past the end', signed('000201265')],
    ['a non-numeric field header', signed('000201XX04abcd')],
    ['a code that does not start with 00', signed('010212000201')],
    ['a payload format other than 01', signed('000202')],
    ['a repeated field', signed('0002010002015802BR')],
    ['a code without the PIX merchant account', signed('00020152040000530398654041.005802BR5903ABC6003SAO62070503***')],
    ['a PIX account without a key', signed('0002012618' + '0014br.gov.bcb.pix' + '52040000530398654041.005802BR5903ABC6003SAO62070503***')],
    [
      'a malformed amount',
      signed('0002012636' + '0014br.gov.bcb.pix' + '0114pix@semear.dev' + '52040000530398654041,005802BR5903ABC6003SAO62070503***'),
    ],
  ])('throws on %s', (_label, code) => {
    expect(() => parsePixBrCode(code)).toThrow();
    expect(isValidPixBrCode(code)).toBe(false);
  });
});

describe('newPixTxid', () => {
  it('makes 25 letters and digits that build a valid code, different every time', () => {
    const txids = Array.from({ length: 200 }, newPixTxid);
    for (const txid of txids) expect(txid).toMatch(/^[A-Za-z0-9]{25}$/);
    expect(new Set(txids).size).toBe(txids.length);
    expect(parsePixBrCode(buildPixBrCode({ ...base, txid: txids[0] as string })).txid).toBe(txids[0]);
  });
});

describe('round trip (property)', () => {
  const key = fc.oneof(
    fc.uuid(),
    fc.emailAddress().filter((e) => e.length <= PIX_KEY_MAX),
    fc.stringMatching(/^\+55[1-9]{2}9\d{8}$/),
    fc.stringMatching(/^\d{11}$/),
  );
  const input = fc.record({
    key,
    merchantName: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).filter((s) => pixMerchantText(s, 25) !== ''),
    merchantCity: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).filter((s) => pixMerchantText(s, 15) !== ''),
    amountCents: fc.integer({ min: 1, max: PIX_AMOUNT_MAX_CENTS }),
    txid: fc.oneof(fc.stringMatching(/^[A-Za-z0-9]{1,25}$/), fc.constant('***')),
    description: fc.option(fc.string({ unit: 'grapheme', maxLength: 120 }), { nil: undefined }),
  });

  it('parses back what it built, with a valid CRC and ASCII only', () => {
    fc.assert(
      fc.property(input, (x) => {
        const code = buildPixBrCode(x);
        expect(code).toMatch(/^[\x20-\x7e]+$/);
        const parsed = parsePixBrCode(code);
        expect(parsed).toMatchObject({
          payloadFormat: '01',
          pointOfInitiation: '12',
          key: x.key,
          mcc: '0000',
          currency: '986',
          amountCents: x.amountCents,
          country: 'BR',
          merchantName: pixMerchantText(x.merchantName, 25),
          merchantCity: pixMerchantText(x.merchantCity, 15),
          txid: x.txid,
          crc: crc16ccitt(code.slice(0, -4)),
        });
        for (const [, value] of topFields(code)) expect(value.length).toBeLessThanOrEqual(99);
        if (parsed.description !== null) {
          expect(x.description).toBeDefined();
          expect(parsed.description).toMatch(/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/);
        }
        expect(getPixPayloadInfo(code)).toMatchObject({
          key: x.key,
          amount: x.amountCents / 100,
          merchantName: parsed.merchantName,
          merchantCity: parsed.merchantCity,
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('pixQrImage', () => {
  it('renders a PNG data URL of the configured width', async () => {
    const url = await pixQrImage(buildPixBrCode(base));
    expect(url).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const png = Buffer.from(url.slice('data:image/png;base64,'.length), 'base64');
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBe(PIX_QR_WIDTH);
    expect(png.readUInt32BE(20)).toBe(PIX_QR_WIDTH);
  });

  it('refuses a text that is not a valid BR Code', async () => {
    await expect(pixQrImage('not a pix code')).rejects.toThrow(/BR Code/);
  });
});

describe('parsePixBrCode of a dynamic code', () => {
  it('reads the location of a bank’s API Pix charge, which names no key', () => {
    const location = 'pix.bank.example/qr/v2/9d36b84fc70b478fb95c12729b90ca25';
    const code = dynamicBrCode(location, '12.34');
    expect(parsePixBrCode(code)).toMatchObject({ key: '', location, amountCents: 1234, txid: '***' });
    expect(isValidPixBrCode(code)).toBe(true);
  });
});
