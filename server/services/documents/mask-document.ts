/**
 * A donor's document as a statement prints it: enough to recognise it, not enough to use it (LGPD art. 6º, III),
 * in the shape the government's own services show — the first three and last two digits of a CPF hidden
 * (***.456.789-**), the first two characters and the check digits of a CNPJ (**.345.678/0001-**).
 */
export function maskCpf(cpf: string): string {
  const digits = cpf.replace(/\D/g, '');
  if (digits.length !== 11) return '***';
  return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
}

/** Letters too: the alphanumeric CNPJ (IN RFB 2.229/2024) keeps its first 12 characters alphanumeric. */
export function maskCnpj(cnpj: string): string {
  const kept = cnpj.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (kept.length !== 14) return '**';
  return `**.${kept.slice(2, 5)}.${kept.slice(5, 8)}/${kept.slice(8, 12)}-**`;
}

/** A CNPJ in full, with its punctuation (12.345.678/0001-95): the NGO's and a declaring company's, printed whole. */
export function formatCnpj(cnpj: string): string {
  const kept = cnpj.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (kept.length !== 14) return kept;
  return `${kept.slice(0, 2)}.${kept.slice(2, 5)}.${kept.slice(5, 8)}/${kept.slice(8, 12)}-${kept.slice(12)}`;
}
