import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema';
import type { Database, Executor } from '../../db/types';
import { reusedQuery } from '../../db/reused-query';
import type { Clock } from '../clock';
import { RecipientRefused, type MailTransport } from './mail-transport';

export interface MailToSend {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Bulk mail (a company's cards, reminders sent by a job) waits while person-to-person mail is due. */
  bulk?: boolean;
  /** An alert to the admins (docs/deploy.md, "Alerts"): ahead of everything else due. */
  urgent?: boolean;
}

const URGENT = -1;
const PERSONAL = 0;
const BULK = 1;

// Every receipt and notice goes through here, many in a donation's own commit.
const insertMail = reusedQuery<
  { to: string; subject: string; text: string; html: string | null; priority: number; now: Date },
  Array<{ id: string }>
>((executor, value) =>
  executor
    .insert(mailOutbox)
    .values({
      to: value('to'),
      subject: value('subject'),
      text: value('text'),
      html: value('html'),
      priority: value('priority'),
      createdAt: value('now'),
      nextAttemptAt: value('now'),
    })
    .returning({ id: mailOutbox.id }),
);

/** Queues a message; pass the transaction of the change that causes it, so both commit together. Resolves with its id. */
export async function enqueueMail(executor: Executor, mail: MailToSend, now: Date): Promise<string> {
  const [row] = await insertMail(executor, {
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    priority: mail.urgent ? URGENT : mail.bulk ? BULK : PERSONAL,
    now,
  });
  return row!.id;
}

export const MAX_MAIL_ATTEMPTS = 6;
/** How long a send holds its message: longer than the SMTP transport's timeouts let one send last. */
export const CLAIM_MS = 3 * 60_000;
type Claim = { row: typeof mailOutbox.$inferSelect; until: Date };
/** 2 s, 4 s, 8 s, ... between attempts, at most 10 minutes. */
export const retryDelayMs = (attempts: number): number => Math.min(2 ** attempts * 1000, 10 * 60 * 1000);

export interface MailLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MailSender {
  /** Sends what is due now, as many at once as the transport takes, until none is left; resolves with how many were sent. */
  runOnce(): Promise<number>;
  /** Polls every intervalMs until stop(). */
  start(intervalMs?: number): void;
  /** Claims nothing more, lets the sends under way finish and record, then closes the transport. */
  stop(): Promise<void>;
}

type Outcome = 'sent' | 'bounced' | 'retry' | 'lost';

export function createMailSender(options: {
  db: Database;
  transport: MailTransport;
  clock: Clock;
  from: string;
  log: MailLog;
  /** At most this many messages in one run (unset: until none is due). */
  batchSize?: number;
}): MailSender {
  const { db, transport, clock, from, log } = options;
  const lanes = Math.max(1, transport.concurrency ?? 1);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopping = false;

  /**
   * The `count` most urgent due messages (person-to-person first, so none queues behind a batch), claimed
   * for CLAIM_MS in one statement. SKIP LOCKED keeps two nodes from taking the same one, and no
   * transaction stays open while the mail server answers: on the embedded database an open transaction
   * holds every other query, so a slow SMTP server would hold every donation. A node that dies mid-send
   * leaves its messages due again when their claim runs out. The claim's end is its token: a sender
   * records a message only while its nextAttemptAt is still the end of this sender's claim.
   */
  async function claimDue(count: number): Promise<Claim[]> {
    const now = clock.now();
    const until = new Date(now.getTime() + CLAIM_MS);
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.priority), asc(mailOutbox.nextAttemptAt))
      .limit(count)
      .for('update', { skipLocked: true });
    // `= any(array(select ...))`: an uncorrelated subquery runs once, so at most `count` rows are claimed
    // whatever the plan (an IN could be rescanned per row, each scan skipping to further rows).
    const rows = await db
      .update(mailOutbox)
      .set({ nextAttemptAt: until })
      .where(sql`${mailOutbox.id} = any(array(${due}))`)
      .returning();
    rows.sort((a, b) => a.priority - b.priority || a.createdAt.getTime() - b.createdAt.getTime());
    return rows.map((row) => ({ row, until }));
  }

  /** What became of a claimed message, written only while the claim is still this sender's. */
  async function record(claim: Claim, change: Partial<typeof mailOutbox.$inferInsert>): Promise<void> {
    await db
      .update(mailOutbox)
      .set({ attempts: claim.row.attempts + 1, ...change })
      .where(and(eq(mailOutbox.id, claim.row.id), eq(mailOutbox.status, 'pending'), eq(mailOutbox.nextAttemptAt, claim.until)));
  }

  /**
   * The sends that went out, recorded together: each waits for the statement under way to end, and the
   * next one writes all that ended meanwhile, so at volume one statement records many messages; alone,
   * a message is recorded at once. Only rows still under their sender's claim are written.
   */
  let sentToRecord: Array<{ claim: Claim; recorded: () => void; failed: (error: unknown) => void }> = [];
  let recording: Promise<void> | null = null;
  async function recordSentInTurn(): Promise<void> {
    while (sentToRecord.length > 0) {
      const batch = sentToRecord;
      sentToRecord = [];
      const claims = sql.join(
        batch.map(({ claim }) => sql`(${claim.row.id}::uuid, ${claim.until.toISOString()}::timestamptz)`),
        sql`, `,
      );
      try {
        await db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: clock.now(), lastError: null, attempts: sql`${mailOutbox.attempts} + 1` })
          .where(and(eq(mailOutbox.status, 'pending'), sql`(${mailOutbox.id}, ${mailOutbox.nextAttemptAt}) in (${claims})`));
        for (const item of batch) item.recorded();
      } catch (error) {
        for (const item of batch) item.failed(error);
      }
    }
    recording = null;
  }
  const recordSent = (claim: Claim): Promise<void> =>
    new Promise((recorded, failed) => {
      sentToRecord.push({ claim, recorded, failed });
      recording ??= recordSentInTurn();
    });

  async function send(claim: Claim): Promise<Outcome> {
    const { row } = claim;
    try {
      const where = await transport.send({ id: row.id, from, to: row.to, subject: row.subject, text: row.text, html: row.html });
      await recordSent(claim);
      log.info(
        { mailId: row.id, [transport.kind === 'mailbox' ? 'path' : 'response']: where },
        transport.kind === 'mailbox' ? `mail saved to ${where}` : 'mail sent',
      );
      return 'sent';
    } catch (error) {
      if (error instanceof RecipientRefused) {
        // The address does not exist there: trying again changes nothing; whoever sent it is shown the bounce.
        await record(claim, { status: 'bounced', lastError: error.message.slice(0, 1000) });
        log.warn({ mailId: row.id, response: error.message }, 'mail bounced');
        return 'bounced';
      }
      const attempts = row.attempts + 1;
      const failed = attempts >= MAX_MAIL_ATTEMPTS;
      await record(claim, {
        status: failed ? 'failed' : 'pending',
        lastError: String(error).slice(0, 1000),
        nextAttemptAt: new Date(clock.now().getTime() + retryDelayMs(attempts)),
      });
      log[failed ? 'error' : 'warn']({ mailId: row.id, attempts, err: error }, failed ? 'mail failed for good' : 'mail failed, will retry');
      return 'retry';
    }
  }

  /** One send that never rejects: a record the database refused leaves the message to its claim's end. */
  const sendSafely = (claim: Claim): Promise<Outcome> =>
    send(claim).catch((error: unknown) => {
      log.error({ mailId: claim.row.id, err: error }, 'mail outcome not recorded; the message is due again when its claim ends');
      return 'lost' as const;
    });

  /**
   * Keeps every lane busy: whenever some are free, claims that many of the most urgent due messages in
   * one statement and starts them, so a reset queued behind a full batch waits for one send to end, not
   * for the batch. Ends when nothing is due and nothing is under way, after `batchSize` messages, or at stop().
   */
  async function sendDue(): Promise<number> {
    const limit = options.batchSize ?? Number.POSITIVE_INFINITY;
    const underWay = new Set<Promise<unknown>>();
    let claimed = 0;
    let sent = 0;
    try {
      while (!stopping && claimed < limit) {
        const free = Math.min(lanes - underWay.size, limit - claimed);
        const claims = free > 0 ? await claimDue(free) : [];
        claimed += claims.length;
        for (const claim of claims) {
          const sending: Promise<unknown> = sendSafely(claim).then((outcome) => {
            if (outcome === 'sent') sent++;
            underWay.delete(sending);
          });
          underWay.add(sending);
        }
        if (underWay.size === 0) break;
        await Promise.race(underWay);
      }
    } finally {
      await Promise.all(underWay);
    }
    return sent;
  }

  const runOnce = (): Promise<number> => {
    running ??= sendDue().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    runOnce,
    start(intervalMs = 1000) {
      if (timer) return;
      timer = setInterval(() => {
        runOnce().catch((error: unknown) => log.error({ err: error }, 'mail job failed'));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => 0);
      transport.close();
    },
  };
}
