import * as z from 'zod/mini';
import type { Filled } from './public-cache';

/** How the public JSON reads are sent: translated names make the body depend on Accept-Language. */
export const PUBLIC_JSON = { type: 'application/json; charset=utf-8', vary: 'Accept-Language' } as const;

/**
 * A read's body as its route's response schema writes it (the same encoding fastify-type-provider-zod's
 * serializer applies), kept as text so a cached answer is never serialised again.
 */
export function jsonAnswer<S extends z.ZodMiniType>(
  schema: S,
  value: z.input<S>,
  { campaignId, changesAt = null, total }: { campaignId: string | null; changesAt?: Date | null; total?: number },
): Filled {
  return {
    body: JSON.stringify(z.encode(schema, value as z.output<S>)),
    headers: total === undefined ? {} : { 'x-total-count': String(total) },
    campaignId,
    changesAt,
  };
}

/** The next moment one of these campaigns starts or ends after `now` (what a read computed from the clock changes at). */
export function nextChangeOf(rows: ReadonlyArray<{ startsAt: Date | null; endsAt: Date | null }>, now: Date): Date | null {
  let next: number | null = null;
  for (const row of rows) {
    for (const moment of [row.startsAt, row.endsAt]) {
      const at = moment?.getTime();
      if (at !== undefined && at > now.getTime() && (next === null || at < next)) next = at;
    }
  }
  return next === null ? null : new Date(next);
}
