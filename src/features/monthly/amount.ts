import { monthlyAmountSchema } from '../../../contracts';
import { centsOf, reaisOf } from '../../lib/money';

/** Within the monthly range, by the contract the API validates with. */
export const isMonthlyAmount = (cents: number | null): cents is number => cents !== null && monthlyAmountSchema.safeParse(cents).success;

/** URLs carry reais (?amount=50); the app keeps cents. */
export const centsOfReais = (reais: number | undefined): number | null => (reais === undefined ? null : centsOf(reais));
export { reaisOf as reaisOfCents };
