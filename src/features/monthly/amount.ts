import { monthlyAmountSchema } from '../../../contracts';

/** Within the monthly range, by the contract the API validates with. */
export const isMonthlyAmount = (cents: number | null): cents is number => cents !== null && monthlyAmountSchema.safeParse(cents).success;

/** URLs carry reais (?amount=50); the app keeps cents. */
export const centsOfReais = (reais: number | undefined): number | null => (reais === undefined ? null : Math.round(reais * 100));
export const reaisOfCents = (cents: number): number => cents / 100;
