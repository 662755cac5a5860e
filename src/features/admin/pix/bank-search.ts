/**
 * Finding a bank among the Central Bank's 513 (contracts/brazilian-banks.ts) by what an admin knows:
 * its COMPE code ('341', '34') or part of its name, without minding case or accents ('itau' finds
 * 'Itaú Unibanco', 'nubank' finds 'Nu Pagamentos (Nubank)').
 */

/** Lower case without accents, for comparing what is typed with a bank's name. */
const folded = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/** The banks that answer to `query`, codes first ('0' and '00' find codes that start so), in registry order. */
export function searchBanks<T extends { code: string; name: string }>(banks: readonly T[], query: string): T[] {
  const wanted = folded(query);
  if (wanted === '') return [...banks];
  const byCode = /^\d+$/.test(wanted) ? banks.filter((bank) => bank.code.startsWith(wanted)) : [];
  const byName = banks.filter((bank) => !byCode.includes(bank) && folded(bank.name).includes(wanted));
  return [...byCode, ...byName];
}
