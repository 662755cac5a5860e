// The outbox at volume: several messages at once through the SMTP pool (SMTP_MAX_CONNECTIONS), against a
// local SMTP server that takes a while over each message, as a provider does.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../server/db/schema';
import { CLAIM_MS, createMailSender, enqueueMail, retryDelayMs } from '../../server/services/mail/mail-outbox';
import { smtpTransport, type MailTransport } from '../../server/services/mail/mail-transport';
import { startDelayingSmtpServer, type DelayingSmtpServer } from '../support/delaying-smtp-server';
import { createTestContext, type TestContext } from './helpers/test-app';

const PER_MESSAGE_MS = 60;
const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

let ctx: TestContext;
let smtp: DelayingSmtpServer;
let smtpUrl = '';
const transports: MailTransport[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await startDelayingSmtpServer(PER_MESSAGE_MS);
  smtpUrl = smtp.url;
});
afterAll(async () => {
  for (const transport of transports) transport.close();
  await smtp.close();
  await ctx.close();
});
beforeEach(async () => {
  await ctx.database.db.delete(mailOutbox);
  // The pools of the previous test hang up: each test counts its own connections.
  for (const transport of transports.splice(0)) transport.close();
  await vi.waitFor(() => expect(smtp.state.open).toBe(0));
  Object.assign(smtp.state, { arrivals: [], maxOpen: 0, maxReceiving: 0 });
  smtp.state.refusedForGood.clear();
  smtp.state.refusedForNow.clear();
});

function poolSender(connections: number) {
  const transport = smtpTransport(smtpUrl, connections);
  transports.push(transport);
  return createMailSender({ db: ctx.database.db, transport, clock: ctx.clock, from: 'Semear <x@semear.dev>', log: silentLog });
}

const queue = async (count: number, domain: string, bulk = true) => {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    ids.push(
      await enqueueMail(ctx.database.db, { to: `pessoa${i}@${domain}`, subject: 'Seu gift card', text: 'Olá', bulk }, ctx.clock.now()),
    );
  }
  return ids;
};

const rowsByStatus = async () => {
  const rows = await ctx.database.db.select({ status: mailOutbox.status }).from(mailOutbox);
  return rows.reduce<Record<string, number>>((counts, row) => ({ ...counts, [row.status]: (counts[row.status] ?? 0) + 1 }), {});
};

describe('mail outbox through a pool of SMTP connections', () => {
  it('sends as many messages at once as the pool has connections, each once', async () => {
    const ids = await queue(12, 'empresa.com.br');
    const sent = await poolSender(4).runOnce();
    expect(sent).toBe(12);
    // About 12 / 4 × the server's time: four at once, over four connections, never more.
    expect(smtp.state.maxOpen).toBe(4);
    expect(smtp.state.maxReceiving).toBe(4);
    expect(smtp.state.arrivals.map((a) => a.messageId).sort()).toEqual([...ids].sort());
    expect(await rowsByStatus()).toEqual({ sent: 12 });
  });

  it('a password reset queued behind a full batch goes out as soon as a connection is free', async () => {
    await queue(30, 'empresa.com.br');
    const run = poolSender(3).runOnce();
    await vi.waitFor(() => expect(smtp.state.receiving).toBe(3), { interval: 2 });
    await enqueueMail(ctx.database.db, { to: 'maria@exemplo.com.br', subject: 'Redefina sua senha', text: 'link' }, ctx.clock.now());
    const arrivedBefore = smtp.state.arrivals.length;
    expect(await run).toBe(31);
    const resetAt = smtp.state.arrivals.findIndex((a) => a.to === 'maria@exemplo.com.br');
    // At most the three being sent and the others claimed with it went before it; most of the batch after.
    expect(resetAt).toBeGreaterThanOrEqual(0);
    expect(resetAt).toBeLessThan(arrivedBefore + 2 * 3);
    expect(smtp.state.arrivals.length - resetAt).toBeGreaterThan(15);
  });

  it('a refused recipient is recorded as bounced, a busy one retried on the schedule, and the others go out', async () => {
    smtp.state.refusedForGood.add('nao-existe@exemplo.com.br');
    smtp.state.refusedForNow.add('ocupado@exemplo.com.br');
    await queue(4, 'empresa.com.br');
    await enqueueMail(ctx.database.db, { to: 'nao-existe@exemplo.com.br', subject: 'Oi', text: 'Olá', bulk: true }, ctx.clock.now());
    await enqueueMail(ctx.database.db, { to: 'ocupado@exemplo.com.br', subject: 'Oi', text: 'Olá', bulk: true }, ctx.clock.now());
    const sender = poolSender(3);
    expect(await sender.runOnce()).toBe(4);
    const byTo = async (to: string) => (await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)))[0];
    expect(await byTo('nao-existe@exemplo.com.br')).toMatchObject({ status: 'bounced', attempts: 1 });
    expect((await byTo('nao-existe@exemplo.com.br'))?.lastError).toMatch(/^550/);
    const busy = await byTo('ocupado@exemplo.com.br');
    expect(busy).toMatchObject({ status: 'pending', attempts: 1 });
    expect(busy?.lastError).toContain('450');
    expect(busy?.nextAttemptAt.getTime()).toBe(ctx.clock.now().getTime() + retryDelayMs(1));
    expect(await rowsByStatus()).toEqual({ sent: 4, bounced: 1, pending: 1 });

    smtp.state.refusedForNow.clear();
    ctx.clock.advance(retryDelayMs(1));
    expect(await sender.runOnce()).toBe(1);
    expect(await byTo('ocupado@exemplo.com.br')).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('two nodes sending the same outbox at once never send a message twice', async () => {
    const ids = await queue(24, 'empresa.com.br');
    const [first, second] = await Promise.all([poolSender(3).runOnce(), poolSender(3).runOnce()]);
    expect(first + second).toBe(24);
    expect(smtp.state.arrivals.map((a) => a.messageId).sort()).toEqual([...ids].sort());
    expect(await rowsByStatus()).toEqual({ sent: 24 });
  });

  it("a node that dies mid-batch holds only the messages it was sending, and only until their claim's end", async () => {
    const ids = await queue(5, 'empresa.com.br');
    // The dying node: its three sends never answer, as when the process is killed after claiming them.
    const hangUps: Array<(error: Error) => void> = [];
    const dying: MailTransport = {
      kind: 'smtp',
      concurrency: 3,
      send: () => new Promise<string>((_resolve, reject) => hangUps.push(reject)),
      close: () => {},
    };
    const dead = createMailSender({ db: ctx.database.db, transport: dying, clock: ctx.clock, from: 'x@semear.dev', log: silentLog });
    const deadRun = dead.runOnce();
    await vi.waitFor(() => expect(hangUps).toHaveLength(3));
    const survivor = poolSender(3);
    expect(await survivor.runOnce()).toBe(2);
    ctx.clock.advance(CLAIM_MS + 1);
    expect(await survivor.runOnce()).toBe(3);
    expect(smtp.state.arrivals.map((a) => a.messageId).sort()).toEqual([...ids].sort());
    // The dead node's answers, if any ever came, change nothing the survivor recorded.
    for (const hangUp of hangUps) hangUp(new Error('socket closed'));
    await deadRun;
    const rows = await ctx.database.db.select().from(mailOutbox);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1 && row.lastError === null)).toBe(true);
  });
});
