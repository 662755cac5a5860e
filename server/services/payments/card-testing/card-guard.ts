import { and, count, eq, gt, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { campaignForGivingColumns } from '../../../campaigns/campaigns-repository';
import type { Config } from '../../../config';
import { campaigns, cardDeclines, cardTestingGuards, donations } from '../../../db/schema';
import type { Database, Executor } from '../../../db/types';
import type { Translator } from '../../../i18n/translator';
import type { Clock } from '../../clock';
import type { SavedCardToken } from '../gateway';
import { cardFingerprint, fingerprintKey } from './fingerprint';
import { alertCardTesting } from './guard-alert';
import { cardSlowed, challengeRequired } from './refusals';
import { verifyChallengeToken } from './siteverify';

/** The burst is counted over the last minute. */
const BURST_WINDOW_MS = 60_000;
/** One card declined on this many campaigns within the hour is a tester going round them. */
const FINGERPRINT_CAMPAIGNS = 3;
const FINGERPRINT_WINDOW_MS = 60 * 60_000;
/** Declines older than this count for nothing and are swept. */
const KEEP_DECLINES_MS = 24 * 60 * 60_000;

export interface CardTestingDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'cardTesting' | 'jwtSecret' | 'publicUrl'>;
  translator: Translator;
  log?: { warn(obj: object, msg: string): void };
  fetchFn?: typeof fetch;
}

/** The campaign as the guards name it: its id, or '' for the general fund. */
export const campaignKeyOf = (campaignId: string | null): string => campaignId ?? '';

/**
 * Card testing cut off (docs/payments.md, "Card testing"). Only new cards pass here: PIX, PayPal and a
 * signed-in donor's saved card never do. A card donation stays two commits: the admission is one read in the
 * donation's first transaction (`admissionIn`), a decline is counted in the transaction that records it
 * (`recordDeclineIn`); only a guarded campaign's attempt does more, before anything is written (`admitGuarded`).
 */
export function createCardTestingGuard(deps: CardTestingDeps) {
  const { db, clock } = deps;
  const settings = deps.config.cardTesting;
  const expectedHostname = new URL(deps.config.publicUrl).hostname;
  const key = fingerprintKey(deps.config.jwtSecret);

  /** The card as the counts know it (fingerprint.ts), from the provider's description (`provider`: its name). */
  const fingerprintOf = (card: SavedCardToken, provider: string): string => cardFingerprint(key, card, provider);

  /**
   * Whether a new card on the campaign goes on as usual (`open`), or its campaign is guarded or in a burst
   * right now (the caller rolls back and asks `admitGuarded`). One read: the guard in force, and the
   * campaign's new-card donations of the last minute that failed or are still unanswered (those arriving
   * together count each other, so a parallel flood is stopped before its answers arrive).
   */
  async function admissionIn(tx: Executor, campaignId: string | null, now: Date): Promise<Admission> {
    const [row] = await tx
      .select({ guarded: guardInForce(sql`${campaignKeyOf(campaignId)}`, now), suspects: count() })
      .from(donations)
      .where(suspectDonations(campaignId, now));
    return admissionOf(row);
  }

  /**
   * A campaign's page of giving (as findCampaignForGiving reads it) and a new card's admission on it, in the
   * same one statement: a card donation costs no statement more (issue 26's budget).
   */
  async function campaignAdmissionIn(tx: Executor, slug: string, now: Date) {
    const since = new Date(now.getTime() - BURST_WINDOW_MS).toISOString();
    const [row] = await tx
      .select({
        ...campaignForGivingColumns,
        // Spelled out: inside a select from campaigns, drizzle would leave the columns unqualified.
        guarded: guardInForce(sql.raw('"campaigns"."id"::text'), now),
        suspects: sql<number>`(select count(*) from "donations" d where d."campaign_id" = "campaigns"."id"
          and d."status" in ('pending', 'failed') and d."payment_method" = 'card' and d."created_at" > ${since}::timestamptz)`,
      })
      .from(campaigns)
      .where(eq(campaigns.slug, slug));
    return { campaign: row, admission: admissionOf(row) };
  }

  const admissionOf = (row: { guarded: boolean; suspects: number | string } | undefined): Admission =>
    row?.guarded ? 'guarded' : Number(row?.suspects ?? 0) > settings.declinesPerMinute ? 'burst' : 'open';

  /**
   * A new card on a guarded campaign (or one in a burst, whose guard opens now and tells the admins), before
   * anything is written: the challenge solved, or without a provider this interval's one attempt; else the
   * CardTestingRefusal to answer.
   */
  async function admitGuarded(input: {
    campaignId: string | null;
    opening: boolean;
    challengeToken: string | undefined;
    remoteIp: string | null;
  }): Promise<void> {
    const now = clock.now();
    const campaignKey = campaignKeyOf(input.campaignId);
    if (input.opening) await db.transaction((tx) => openOrExtend(tx, campaignKey, 'declines', now));
    const challenge = settings.challenge;
    if (challenge) {
      if (!input.challengeToken) throw challengeRequired(challenge, false);
      const verdict = await verifyChallengeToken(
        challenge,
        { token: input.challengeToken, remoteIp: input.remoteIp, expectedHostname },
        deps.fetchFn,
      );
      if (verdict.passed) return;
      deps.log?.warn({ reasons: verdict.reasons, provider: challenge.provider }, 'card challenge token refused');
      throw challengeRequired(challenge, true);
    }
    // Without a challenge provider, one attempt per interval goes through, whichever node takes it.
    const [admitted] = await db
      .update(cardTestingGuards)
      .set({ nextAdmissionAt: new Date(now.getTime() + settings.slowIntervalMs) })
      .where(
        and(
          eq(cardTestingGuards.campaignKey, campaignKey),
          or(isNull(cardTestingGuards.nextAdmissionAt), lte(cardTestingGuards.nextAdmissionAt, now)),
        ),
      )
      .returning({ key: cardTestingGuards.campaignKey });
    if (admitted) return;
    const [guard] = await db
      .select({ next: cardTestingGuards.nextAdmissionAt })
      .from(cardTestingGuards)
      .where(eq(cardTestingGuards.campaignKey, campaignKey));
    throw cardSlowed(((guard?.next?.getTime() ?? now.getTime()) - now.getTime()) / 1000);
  }

  /**
   * A new card the gateway declined, in the transaction that records it: a burst on its campaign, or the same
   * card declined on several campaigns, opens (or prolongs) the guard of each.
   */
  async function recordDeclineIn(tx: Executor, input: { campaignId: string | null; fingerprint: string }, now: Date): Promise<void> {
    const campaignKey = campaignKeyOf(input.campaignId);
    await tx.insert(cardDeclines).values({ fingerprint: input.fingerprint, campaignKey, declinedAt: now });
    const [burst] = await tx.select({ n: count() }).from(donations).where(suspectDonations(input.campaignId, now));
    if (Number(burst?.n ?? 0) > settings.declinesPerMinute) await openOrExtend(tx, campaignKey, 'declines', now);
    const tried = await tx
      .selectDistinct({ campaignKey: cardDeclines.campaignKey })
      .from(cardDeclines)
      .where(
        and(eq(cardDeclines.fingerprint, input.fingerprint), gt(cardDeclines.declinedAt, new Date(now.getTime() - FINGERPRINT_WINDOW_MS))),
      );
    if (tried.length >= FINGERPRINT_CAMPAIGNS) for (const each of tried) await openOrExtend(tx, each.campaignKey, 'fingerprint', now);
    await tx
      .delete(cardDeclines)
      .where(and(eq(cardDeclines.fingerprint, input.fingerprint), lt(cardDeclines.declinedAt, new Date(now.getTime() - KEEP_DECLINES_MS))));
  }

  /**
   * Opens the campaign's guard (a new burst: the admins are told, in this transaction) or, while one is in
   * force, keeps it until `guardMs` after this sign of the burst. The opening takes the slow mode's first
   * interval: the burst itself used the campaign's allowance.
   */
  async function openOrExtend(tx: Executor, campaignKey: string, reason: 'declines' | 'fingerprint', now: Date): Promise<void> {
    const guardedUntil = new Date(now.getTime() + settings.guardMs);
    const opened = await tx
      .insert(cardTestingGuards)
      .values({ campaignKey, reason, startedAt: now, guardedUntil, nextAdmissionAt: new Date(now.getTime() + settings.slowIntervalMs) })
      .onConflictDoUpdate({
        target: cardTestingGuards.campaignKey,
        set: {
          reason: sql`excluded.reason`,
          startedAt: sql`excluded.started_at`,
          guardedUntil: sql`excluded.guarded_until`,
          nextAdmissionAt: sql`excluded.next_admission_at`,
        },
        setWhere: lte(cardTestingGuards.guardedUntil, now),
      })
      .returning({ key: cardTestingGuards.campaignKey });
    if (opened.length > 0) {
      await alertCardTesting(tx, deps, { campaignKey, reason, guardedUntil }, now);
      return;
    }
    await tx
      .update(cardTestingGuards)
      .set({ guardedUntil: sql`greatest(${cardTestingGuards.guardedUntil}, ${guardedUntil.toISOString()}::timestamptz)` })
      .where(eq(cardTestingGuards.campaignKey, campaignKey));
  }

  return { fingerprintOf, admissionIn, campaignAdmissionIn, admitGuarded, recordDeclineIn };
}

/** `open`: as usual; `guarded`: its guard is in force; `burst`: a burst right now, its guard opens. */
export type Admission = 'open' | 'guarded' | 'burst';

const guardInForce = (campaignKey: SQL, now: Date) =>
  sql<boolean>`exists (select 1 from "card_testing_guards" g where g."campaign_key" = ${campaignKey} and g."guarded_until" > ${now.toISOString()}::timestamptz)`;

/** The campaign's new-card donations of the last minute that failed or are still unanswered (pending). */
function suspectDonations(campaignId: string | null, now: Date) {
  return and(
    campaignId === null ? isNull(donations.campaignId) : eq(donations.campaignId, campaignId),
    inArray(donations.status, ['pending', 'failed']),
    eq(donations.paymentMethod, 'card'),
    gt(donations.createdAt, new Date(now.getTime() - BURST_WINDOW_MS)),
  );
}

export type CardTestingGuard = ReturnType<typeof createCardTestingGuard>;
