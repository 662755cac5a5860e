import { onlyDigits } from '../../../contracts/documents';

/**
 * Documents on receipts are masked the way Brazilian receipts print them (LGPD): the middle of a
 * CPF ('***.982.247-**') and of a CNPJ ('**.345.678/0001-**') stay, enough for the donor to recognise
 * it and not enough to reuse it.
 */
export function maskCpf(cpf: string): string | null {
  const d = onlyDigits(cpf);
  if (d.length !== 11) return null;
  return `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`;
}

export function maskCnpj(cnpj: string): string | null {
  const c = cnpj.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (c.length !== 14) return null;
  return `**.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-**`;
}

export function maskedDocument(cpf: string | null, cnpj: string | null): { document_type: 'cpf' | 'cnpj' | null; document: string | null } {
  const masked = cnpj ? maskCnpj(cnpj) : null;
  if (masked) return { document_type: 'cnpj', document: masked };
  const maskedCpf = cpf ? maskCpf(cpf) : null;
  if (maskedCpf) return { document_type: 'cpf', document: maskedCpf };
  return { document_type: null, document: null };
}
