import { and, asc, eq, lte } from 'drizzle-orm';
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
}

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
    priority: mail.bulk ? BULK : PERSONAL,
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
  /** Sends what is due now; resolves with how many were sent. */
  runOnce(): Promise<number>;
  /** Polls every intervalMs until stop(). */
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

export function createMailSender(options: {
  db: Database;
  transport: MailTransport;
  clock: Clock;
  from: string;
  log: MailLog;
  batchSize?: number;
}): MailSender {
  const { db, transport, clock, from, log } = options;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  /**
   * The most urgent due message (person-to-person first, so it never queues behind a batch), claimed in
   * one statement for CLAIM_MS. SKIP LOCKED keeps two nodes from taking the same one, and no transaction
   * stays open while the mail server answers: on the embedded database an open transaction holds every
   * other query, so a slow SMTP server would hold every donation. A node that dies mid-send leaves its
   * message due again when the claim runs out.
   */
  async function claimNext(): Promise<Claim | null> {
    const now = clock.now();
    const until = new Date(now.getTime() + CLAIM_MS);
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.priority), asc(mailOutbox.nextAttemptAt))
      .limit(1)
      .for('update', { skipLocked: true });
    // `= (select ...)`: a scalar subquery runs once, so one row is claimed whatever the plan.
    const [row] = await db.update(mailOutbox).set({ nextAttemptAt: until }).where(eq(mailOutbox.id, due)).returning();
    return row ? { row, until } : null;
  }

  /** What became of a claimed message, written only while the claim is still this sender's. */
  async function record(claim: Claim, change: Partial<typeof mailOutbox.$inferInsert>): Promise<void> {
    await db
      .update(mailOutbox)
      .set({ attempts: claim.row.attempts + 1, ...change })
      .where(and(eq(mailOutbox.id, claim.row.id), eq(mailOutbox.status, 'pending'), eq(mailOutbox.nextAttemptAt, claim.until)));
  }

  async function sendNext(): Promise<'empty' | 'sent' | 'bounced' | 'retry'> {
    const claim = await claimNext();
    if (!claim) return 'empty';
    const { row } = claim;
    try {
      const where = await transport.send({ id: row.id, from, to: row.to, subject: row.subject, text: row.text, html: row.html });
      await record(claim, { status: 'sent', sentAt: clock.now(), lastError: null });
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

  async function sendDue(): Promise<number> {
    let sent = 0;
    for (let i = 0; i < (options.batchSize ?? 20); i++) {
      const outcome = await sendNext();
      if (outcome === 'empty') break;
      if (outcome === 'sent') sent++;
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
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => 0);
      transport.close();
    },
  };
}
