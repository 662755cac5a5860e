import { describe, expect, it } from 'vitest';
import { BANKS } from '../../../contracts/admin-pix';
import { searchBanks } from '../../../src/features/admin/pix/bank-search';

/** Finding the payout account's bank among the 513 (issue 22): by code or by name, accents and case aside. */
describe('searching the banks', () => {
  const codes = (query: string) => searchBanks(BANKS, query).map((bank) => bank.code);

  it('finds a bank by its code, and codes that start so', () => {
    expect(codes('341')).toEqual(['341']);
    expect(codes('34').every((code) => code.startsWith('34'))).toBe(true);
    expect(codes('34')).toContain('341');
  });

  it('finds a bank by part of its name, whatever the case and accents', () => {
    expect(codes('itau')).toContain('341');
    expect(codes('ITAÚ')).toEqual(codes('itau'));
    expect(codes('nubank')).toEqual(['260']);
    expect(codes('bradesco')).toContain('237');
  });

  it('lists all 513 for an empty search and none for nonsense', () => {
    expect(searchBanks(BANKS, '  ')).toHaveLength(513);
    expect(codes('zzzz banco que não existe')).toEqual([]);
  });
});
