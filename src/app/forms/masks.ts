/**
 * Input and display masks of the account forms. They only shape what the person sees while typing; the shared
 * zod contracts strip the punctuation again, so a value pasted with or without a mask validates.
 */

/** Applies a pattern where `#` takes one kept character, everything else is a literal. */
function applyPattern(chars: string, pattern: string): string {
  let out = '';
  let i = 0;
  for (const slot of pattern) {
    if (i >= chars.length) break;
    if (slot === '#') out += chars[i++];
    else out += slot;
  }
  return out;
}

const digits = (value: string): string => value.replace(/\D/g, '');

/** CPF: 000.000.000-00 */
export const maskCpf = (value: string): string => applyPattern(digits(value).slice(0, 11), '###.###.###-##');

/**
 * CNPJ: 00.000.000/0000-00. Since July 2026 the first 12 characters may be letters, so letters are
 * kept (upper-cased) there; the two check digits stay digits, so letters typed there are dropped.
 */
export function maskCnpj(value: string): string {
  const kept: string[] = [];
  for (const ch of value.toUpperCase()) {
    if (kept.length < 12 ? /[0-9A-Z]/.test(ch) : /\d/.test(ch)) kept.push(ch);
    if (kept.length === 14) break;
  }
  return applyPattern(kept.join(''), '##.###.###/####-##');
}

/** A card holder's CPF or CNPJ: the CPF's mask up to 11 digits, the CNPJ's (letters kept) beyond or with a letter. */
export function maskCpfOrCnpj(value: string): string {
  const kept = value.toUpperCase().replace(/[^0-9A-Z]/g, '');
  return /^\d{0,11}$/.test(kept) ? maskCpf(kept) : maskCnpj(kept);
}

/** Phone: (00) 00000-0000 for mobiles, (00) 0000-0000 for landlines (10 digits). */
export function maskPhone(value: string): string {
  const d = digits(value).slice(0, 11);
  return applyPattern(d, d.length <= 10 ? '(##) ####-####' : '(##) #####-####');
}

/** CEP: 00000-000 */
export const maskZipCode = (value: string): string => applyPattern(digits(value).slice(0, 8), '#####-###');
