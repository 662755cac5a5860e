import { loadRow, measure, type LoadResult } from './load';
import { seedNotifications } from './notifications';
import { signInAs } from './product';

/** Issue 52's goal for a signed-in donor's reads: a fifth of a bare route's throughput, p99 within 5 ms. */
export const SIGNED_IN_GOAL = { ratio: 0.2, p99Ms: 5 } as const;

export interface SignedInReads {
  profile: LoadResult;
  notifications: LoadResult;
}

/** The demo donor's profile and first page of notifications (60 of them, seeded through the API), under load. */
export async function measureSignedInReads(base: string): Promise<SignedInReads> {
  const token = await signInAs(base, 'doador@semear.dev', 'semear-doador-123');
  const profile = await measure(`${base}/api/v1/users/profile`, { authorization: `Bearer ${token}` });
  const page = await seedNotifications(base, token);
  const notifications = await measure(page.url, page.headers);
  return { profile, notifications };
}

const goalText = `(goal ≥ ${SIGNED_IN_GOAL.ratio} of bare, p99 ≤ ${SIGNED_IN_GOAL.p99Ms} ms)`;
const verdict = (r: LoadResult, bare: LoadResult) =>
  r.requestsPerSecond >= SIGNED_IN_GOAL.ratio * bare.requestsPerSecond && r.p99Ms <= SIGNED_IN_GOAL.p99Ms ? 'met' : 'NOT met';

/** The two rows, each with its goal and whether this run met it. */
export function signedInLines(database: string, figures: SignedInReads, bare: LoadResult): string[] {
  return [
    `${loadRow(`GET /api/v1/users/profile (${database})`, figures.profile, bare)}  ${goalText} ${verdict(figures.profile, bare)}`,
    `${loadRow(`GET /api/v1/notifications (${database})`, figures.notifications, bare)}  ${goalText} ${verdict(figures.notifications, bare)}`,
  ];
}
