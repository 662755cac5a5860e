/**
 * Account check digits of the banks whose rule is public and stable (FEBRABAN layouts): Banco do Brasil
 * and Bradesco (modulo 11 over the account), Itaú (modulo 10 over branch and account). Other banks
 * compute theirs in ways they do not publish, or that changed with their account numbers (Caixa's
 * operation codes, Santander's branch-dependent weights): their digit is checked for form only.
 */

const digitsOf = (text: string) => [...text].map(Number);

/** Σ digit × weight, the weights taken from the rightmost digit leftwards (repeating when they run out). */
const weightedSum = (text: string, weights: readonly number[]) =>
  digitsOf(text)
    .reverse()
    .reduce((sum, digit, i) => sum + digit * (weights[i % weights.length] as number), 0);

/** Banco do Brasil: weights 2–9 from the right; 11 − remainder, 10 is X and 11 is 0. */
function bancoDoBrasil(account: string): string[] {
  const dv = 11 - (weightedSum(account, [2, 3, 4, 5, 6, 7, 8, 9]) % 11);
  return [dv === 10 ? 'X' : dv === 11 ? '0' : String(dv)];
}

/** Bradesco: weights 2–7 from the right, repeating; remainder 0 is 0, remainder 1 is P (sent as 0), else 11 − remainder. */
function bradesco(account: string): string[] {
  const remainder = weightedSum(account, [2, 3, 4, 5, 6, 7]) % 11;
  return remainder === 0 ? ['0'] : remainder === 1 ? ['0', 'P'] : [String(11 - remainder)];
}

/** Itaú: branch and the 5-digit account, weights 2 and 1 from the right, each product's digits added; 10 − remainder. */
function itau(branch: string, account: string): string[] | null {
  if (account.length > 5) return null;
  const sum = digitsOf(`${branch}${account.padStart(5, '0')}`)
    .reverse()
    .reduce((total, digit, i) => {
      const product = digit * (i % 2 === 0 ? 2 : 1);
      return total + Math.floor(product / 10) + (product % 10);
    }, 0);
  return [String((10 - (sum % 10)) % 10)];
}

/** The check digits the bank's rule allows for this branch and account; null when the rule is the bank's own. */
export function expectedAccountDigits(bank: string, branch: string, account: string): string[] | null {
  if (bank === '001') return bancoDoBrasil(account);
  if (bank === '237') return bradesco(account);
  if (bank === '341') return itau(branch, account);
  return null;
}

/** Whether the digit agrees with the bank's rule (always, for banks checked for form only). */
export function accountDigitAgrees(bank: string, branch: string, account: string, digit: string): boolean {
  const expected = expectedAccountDigits(bank, branch, account);
  return expected === null || expected.includes(digit.toUpperCase());
}
