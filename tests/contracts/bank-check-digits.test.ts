import { describe, expect, it } from 'vitest';
import { payoutAccountRequestSchema } from '../../contracts/admin-pix';
import { accountDigitAgrees, expectedAccountDigits } from '../../contracts/bank-check-digits';

/**
 * Account check digits (issue 14): Banco do Brasil and Bradesco by modulo 11, Itaú by modulo 10 over
 * branch and account, each edge (X, 0, Bradesco's P) included; other banks checked for form only.
 */

describe('account check digits', () => {
  it('Banco do Brasil: 11 − remainder, 10 is X, 11 is 0', () => {
    expect(expectedAccountDigits('001', '1234', '98765432')).toEqual(['2']);
    expect(expectedAccountDigits('001', '1234', '100008')).toEqual(['X']);
    expect(expectedAccountDigits('001', '1234', '300006')).toEqual(['0']);
    // Leading zeros change nothing.
    expect(expectedAccountDigits('001', '1234', '00098765432')).toEqual(['2']);
    expect(accountDigitAgrees('001', '1234', '100008', 'x')).toBe(true);
    expect(accountDigitAgrees('001', '1234', '100008', '0')).toBe(false);
  });

  it('Bradesco: weights 2 to 7 repeating; remainder 1 is P, sent as 0', () => {
    expect(expectedAccountDigits('237', '1234', '7654321')).toEqual(['6']);
    expect(expectedAccountDigits('237', '1234', '200013')).toEqual(['0', 'P']);
    expect(accountDigitAgrees('237', '1234', '200013', '0')).toBe(true);
    expect(accountDigitAgrees('237', '1234', '7654321', '5')).toBe(false);
  });

  it('Itaú: branch and account by modulo 10 (branch 0057, account 12345-7)', () => {
    expect(expectedAccountDigits('341', '0057', '12345')).toEqual(['7']);
    expect(expectedAccountDigits('341', '1234', '54321')).toEqual(['1']);
    // The same account in another branch has another digit.
    expect(accountDigitAgrees('341', '1235', '54321', '1')).toBe(false);
    // Itaú accounts have five digits: a longer one is not Itaú's to judge here.
    expect(expectedAccountDigits('341', '1234', '123456')).toBeNull();
  });

  it('other banks are checked for form only', () => {
    expect(expectedAccountDigits('104', '1234', '123456789')).toBeNull();
    expect(accountDigitAgrees('260', '0001', '1234567', '9')).toBe(true);
  });

  it('the payout account form refuses a digit that does not agree, on the digit field', () => {
    const account = {
      bank: '341',
      branch: '0057',
      account: '12345',
      digit: '7',
      type: 'checking',
      holder_name: 'Associação Raízes',
      holder_document: '11.222.333/0001-81',
    };
    expect(payoutAccountRequestSchema.safeParse(account).success).toBe(true);
    const wrong = payoutAccountRequestSchema.safeParse({ ...account, digit: '8' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['digit', 'validation.account_digit.mismatch']]);
  });
});
