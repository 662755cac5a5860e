/** The spec's patterns (bacen/pix-api 2.9.0) and the bank's document checks the stand-in holds requests to. */

/** `\d{1,10}\.\d{2}` (the spec writes it unanchored; a bank matches the whole value). */
export const VALOR = /^\d{1,10}\.\d{2}$/;
/** TxId: `[a-zA-Z0-9]{26,35}`. */
export const TXID = /^[a-zA-Z0-9]{26,35}$/;
/** EndToEndId: `[a-zA-Z0-9]{32}`, minLength and maxLength 32. */
export const END_TO_END_ID = /^[a-zA-Z0-9]{32}$/;
/** DevolucaoId: `[a-zA-Z0-9]{1,35}`. */
export const DEVOLUCAO_ID = /^[a-zA-Z0-9]{1,35}$/;
/** RecId: `[a-zA-Z0-9]{29}`, minLength and maxLength 29. */
export const REC_ID = /^[a-zA-Z0-9]{29}$/;

export function isCpf(cpf: string): boolean {
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const check = (length: number) => (([...cpf.slice(0, length)].reduce((t, d, i) => t + Number(d) * (length + 1 - i), 0) * 10) % 11) % 10;
  const [first, second] = [check(9), check(10)];
  return first === Number(cpf[9]) && second === Number(cpf[10]);
}

/**
 * A CNPJ's check digits, the alphanumeric CNPJ of July 2026 included (the spec's `^[0-9A-Z]{14}$`): the first
 * 12 characters letters or digits, each valued at its ASCII code minus 48, the last two digits, mod-11 weights.
 */
export function isCnpj(cnpj: string): boolean {
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false;
  const digit = (length: number) => {
    const weights = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2].slice(13 - length);
    const sum = weights.reduce((total, weight, i) => total + weight * (cnpj.charCodeAt(i) - 48), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return digit(12) === Number(cnpj[12]) && digit(13) === Number(cnpj[13]);
}

export interface Violacao {
  razao: string;
  propriedade: string;
}
