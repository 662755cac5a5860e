import type { GiftCardShipping } from '../../../contracts';
import { staleScheduleIssues } from '../../../machines/gift-card/gift-card-definition.machine';

/** A scheduled send that can no longer be (its moment has passed, say) by this browser's clock now. */
export const scheduleHasPassed = (shipping: GiftCardShipping | null, now: Date = new Date()): boolean =>
  staleScheduleIssues(shipping, now.toISOString()).length > 0;
