/** Brazilian document checks shared by server and forms. Documents are text, never numbers. */

export const onlyDigits = (value: string): string => value.replace(/\D/g, '');

/** CPF: 11 digits, two mod-11 check digits, and not all digits equal. */
export function isValidCpf(input: string): boolean {
  const cpf = onlyDigits(input);
  if (cpf.length !== 11 || /^(\d)\1{10}$/.test(cpf)) return false;
  const check = (length: number): number => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(cpf[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(cpf[9]) && check(10) === Number(cpf[10]);
}

/** Strips the mask of a CNPJ, keeping letters (alphanumeric CNPJ, July 2026) upper-cased. */
export const normalizeCnpj = (value: string): string => value.toUpperCase().replace(/[^0-9A-Z]/g, '');

/**
 * CNPJ: 12 characters that may be letters or digits (since July 2026) and two check digits.
 * Each character counts as its ASCII code minus 48, with the usual mod-11 weights.
 */
export function isValidCnpj(input: string): boolean {
  const cnpj = normalizeCnpj(input);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false;
  const check = (length: number): number => {
    let sum = 0;
    let weight = length - 7;
    for (let i = 0; i < length; i++) {
      sum += (cnpj.charCodeAt(i) - 48) * weight;
      weight = weight === 2 ? 9 : weight - 1;
    }
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return check(12) === Number(cnpj[12]) && check(13) === Number(cnpj[13]);
}

/**
 * A card holder's document: a person's CPF or, for a company's card, its CNPJ (alphanumeric since
 * July 2026). Up to 11 digits reads as a CPF, anything longer or with letters as a CNPJ; null when valid.
 */
export function cpfOrCnpjIssue(input: string): 'cpf' | 'cnpj' | null {
  const kept = normalizeCnpj(input);
  if (/^\d{0,11}$/.test(kept)) return isValidCpf(kept) ? null : 'cpf';
  return isValidCnpj(kept) ? null : 'cnpj';
}

/** Brazilian phone: area code (11–99) and 8 digits (landline) or 9 starting with 9 (mobile). */
export function isValidPhone(input: string): boolean {
  const digits = onlyDigits(input).replace(/^55(?=\d{10,11}$)/, '');
  return /^[1-9][1-9](?:9\d{8}|[2-8]\d{7})$/.test(digits);
}

export const isValidZipCode = (input: string): boolean => /^\d{8}$/.test(onlyDigits(input));

export const BRAZILIAN_STATES = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;
