import { describe, expect, it } from 'vitest';
import { cardBrand, cardInputSchema, isValidCardNumber } from '../../contracts/cards';
import { givingMessages as gm } from '../../contracts/giving-messages';
import { MERCADOPAGO_TEST_CARDS } from '../support/stand-ins/mercadopago/test-cards';

/** Appends the Luhn check digit, computed independently of the implementation under test. */
function withCheckDigit(body: string): string {
  const sum = [...body]
    .reverse()
    .map(Number)
    .reduce((acc, d, i) => acc + (i % 2 === 0 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const card = { exp_date: '11/30', holder_name: 'APRO', holder_document: '529.982.247-25' };
const cardNumberIssues = (card_number: string, cvv = '123') =>
  (cardInputSchema.safeParse({ ...card, card_number, cvv }).error?.issues ?? []).filter((issue) => issue.path[0] === 'card_number');

describe('a card number in the form', () => {
  it.each(Object.entries(MERCADOPAGO_TEST_CARDS))("Mercado Pago's test %s passes cardInputSchema", (name, number) => {
    const cvv = name === 'amex' ? '1234' : '123';
    const spaced = number.replace(/(\d{4})(?=\d)/g, '$1 ');
    expect(cardInputSchema.safeParse({ ...card, card_number: spaced, cvv }).error?.issues).toBeUndefined();
  });

  it('takes 5031 4332 1540 6351 though our BIN table does not place 503143: the provider decides', () => {
    expect(cardBrand('5031433215406351')).toBeNull();
    expect(isValidCardNumber('5031 4332 1540 6351')).toBe(true);
    expect(cardInputSchema.parse({ ...card, card_number: '5031 4332 1540 6351', cvv: '123' }).card_number).toBe('5031433215406351');
  });

  it('still refuses a number failing Luhn, known brand or not', () => {
    for (const number of ['5031 4332 1540 6352', '4235 6477 2802 5683', '9000 0000 0000 0002'])
      expect(
        cardNumberIssues(number).map((issue) => issue.message),
        number,
      ).toEqual([gm.cardNumberInvalid.id]);
  });

  it('takes 13 to 19 digits passing Luhn from a BIN our table does not know, and no other length', () => {
    for (const length of [13, 16, 19]) expect(isValidCardNumber(withCheckDigit('9'.padEnd(length - 1, '0'))), String(length)).toBe(true);
    for (const length of [12, 20]) expect(isValidCardNumber(withCheckDigit('9'.padEnd(length - 1, '0'))), String(length)).toBe(false);
  });

  it('keeps the lengths of a brand our table knows, and its CVV length (4 for Amex, 3 otherwise)', () => {
    expect(isValidCardNumber(withCheckDigit('37536515355688'))).toBe(true);
    expect(isValidCardNumber(withCheckDigit('375365153556885'))).toBe(false);
    expect(isValidCardNumber(withCheckDigit('423564772802568'))).toBe(true);
    expect(isValidCardNumber(withCheckDigit('42356477280256'))).toBe(false);
    const cvvIssues = (card_number: string, cvv: string) =>
      cardInputSchema.safeParse({ ...card, card_number, cvv }).error?.issues.filter((issue) => issue.path[0] === 'cvv') ?? [];
    expect(cvvIssues(MERCADOPAGO_TEST_CARDS.amex, '123').map((issue) => issue.message)).toEqual([gm.cvvInvalid.id]);
    expect(cvvIssues(MERCADOPAGO_TEST_CARDS.mastercard, '1234').map((issue) => issue.message)).toEqual([gm.cvvInvalid.id]);
    expect(cvvIssues(MERCADOPAGO_TEST_CARDS.mastercard, '123')).toEqual([]);
  });
});
