// `npx tsx bench/mail-volume.ts` (part of `npm run bench`; issue 51): the mail outbox at volume. 10,000
// queued bulk e-mails (a company's batch of cards) sent by the outbox's own sender through its SMTP pool
// (SMTP_MAX_CONNECTIONS) to a local provider that takes 300 ms over each message; halfway through, a
// password reset is queued and must overtake the rest. On the embedded database, and on PostgreSQL with
// BENCH_DATABASE_URL/TEST_DATABASE_URL (a scratch database). MAIL_VOLUME_MESSAGES shrinks the batch.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SMTP_MAX_CONNECTIONS } from '../server/config-variables';
import { chunksOf } from '../server/db/chunks';
import { openPglite, openPostgres } from '../server/db/open-database';
import { mailOutbox } from '../server/db/schema';
import { systemClock } from '../server/services/clock';
import { createMailSender, enqueueMail } from '../server/services/mail/mail-outbox';
import { smtpTransport } from '../server/services/mail/mail-transport';
import { startDelayingSmtpServer } from '../tests/support/delaying-smtp-server';
import { withScratchDatabase } from './lib/postgres';

export const MAIL_VOLUME_GOAL_MS = 5 * 60_000;
const PROVIDER_MS = 300;
const RESET_TO = 'maria@exemplo.com.br';

export interface MailVolumeResult {
  messages: number;
  connections: number;
  /** From the sender's start to the provider's answer to the last message. */
  elapsedMs: number;
  /** The most connections the provider held at once. */
  maxConnections: number;
  /** How long the reset queued halfway waited for the provider's answer. */
  resetWaitMs: number;
}

export async function measureMailVolume(
  databaseUrl: string | null,
  messages = Number(process.env.MAIL_VOLUME_MESSAGES ?? 10_000),
  connections = Number(process.env.SMTP_MAX_CONNECTIONS ?? DEFAULT_SMTP_MAX_CONNECTIONS),
): Promise<MailVolumeResult> {
  const dataDir = databaseUrl ? null : mkdtempSync(join(tmpdir(), 'semear-bench-mail-'));
  const handle = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(join(dataDir as string, 'db'));
  const provider = await startDelayingSmtpServer(PROVIDER_MS);
  try {
    await handle.migrate();
    const now = systemClock.now();
    const rows = Array.from({ length: messages }, (_, i) => ({
      to: `pessoa${i + 1}@empresa-bench.com.br`,
      subject: 'Empresa Bench enviou para você um gift card Semear de R$ 50,00',
      text: `Olá, Pessoa ${i + 1}! Seu código: ${crypto.randomUUID()}`,
      priority: 1,
      createdAt: now,
      nextAttemptAt: now,
    }));
    for (const chunk of chunksOf(rows)) await handle.db.insert(mailOutbox).values(chunk);
    const log = { info: () => {}, warn: () => {}, error: (obj: object, msg: string) => console.error(msg, obj) };
    const sender = createMailSender({
      db: handle.db,
      transport: smtpTransport(provider.url, connections),
      clock: systemClock,
      from: 'Semear <nao-responda@semear.dev>',
      log,
    });
    const started = performance.now();
    const run = sender.runOnce();
    while (provider.state.arrivals.length < messages / 2) await new Promise((resolve) => setTimeout(resolve, 20));
    const asked = performance.now();
    await enqueueMail(handle.db, { to: RESET_TO, subject: 'Redefina sua senha do Semear', text: 'link' }, systemClock.now());
    const sent = await run;
    const elapsedMs = Math.round(performance.now() - started);
    await sender.stop();
    if (sent !== messages + 1) throw new Error(`sent ${sent} of ${messages + 1}`);
    return {
      messages,
      connections,
      elapsedMs,
      maxConnections: provider.state.maxOpen,
      resetWaitMs: Math.round((provider.state.arrivals.find((arrival) => arrival.to === RESET_TO)?.at ?? Number.NaN) - asked),
    };
  } finally {
    await provider.close();
    await handle.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

export const mailVolumeLine = (database: string, r: MailVolumeResult): string =>
  `Mail at volume (${database}): ${r.messages.toLocaleString('en')} e-mails to a provider taking ${PROVIDER_MS} ms a message, ` +
  `SMTP_MAX_CONNECTIONS=${r.connections}: all sent in ${(r.elapsedMs / 1000).toFixed(1)} s ` +
  `(${r.elapsedMs <= MAIL_VOLUME_GOAL_MS ? 'within' : 'OVER'} the ${MAIL_VOLUME_GOAL_MS / 1000} s goal; one at a time: ` +
  `${Math.round((r.messages * PROVIDER_MS) / 1000)} s), at most ${r.maxConnections} connections at once; ` +
  `a reset queued halfway reached the provider in ${r.resetWaitMs} ms`;

/** Both lines (PostgreSQL in a scratch database when a URL is given) and whether both met the goal. */
export async function reportMailVolume(postgresUrl: string | null | undefined): Promise<boolean> {
  const embedded = await measureMailVolume(null);
  console.log(mailVolumeLine('PGlite', embedded));
  const postgres = postgresUrl ? await withScratchDatabase(postgresUrl, (url) => measureMailVolume(url)) : null;
  console.log(
    postgres ? mailVolumeLine('PostgreSQL', postgres) : '(set BENCH_DATABASE_URL or TEST_DATABASE_URL to mail on PostgreSQL too)',
  );
  return [embedded, postgres].every((r) => !r || r.elapsedMs <= MAIL_VOLUME_GOAL_MS);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!(await reportMailVolume(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL))) process.exitCode = 1;
}
