import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../server/db/schema';
import { CLAIM_MS, createMailSender, enqueueMail, MAX_MAIL_ATTEMPTS } from '../../server/services/mail/mail-outbox';
import { RecipientRefused, type MailTransport, type OutgoingMail } from '../../server/services/mail/mail-transport';
import { createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

function flakyTransport(failuresBeforeSuccess: number) {
  const delivered: OutgoingMail[] = [];
  let calls = 0;
  const transport: MailTransport = {
    kind: 'smtp',
    async send(mail) {
      calls += 1;
      if (calls <= failuresBeforeSuccess) throw new Error('421 try again later');
      delivered.push(mail);
      return '250 ok';
    },
    close: () => {},
  };
  return { transport, delivered };
}

describe('mail outbox sender', () => {
  it("sends person-to-person mail before bulk: a receipt queued after 500 of a company's cards goes first", async () => {
    const { transport, delivered } = flakyTransport(0);
    const sender = createMailSender({
      db: ctx.database.db,
      transport,
      clock: ctx.clock,
      from: 'Semear <x@semear.dev>',
      log: silentLog,
      batchSize: 20,
    });
    const queuedAt = ctx.clock.now();
    await ctx.database.db.insert(mailOutbox).values(
      Array.from({ length: 500 }, (_, i) => ({
        to: `pessoa${i}@empresa.com.br`,
        subject: 'Você recebeu um gift card',
        text: 'Olá',
        priority: 1,
        createdAt: queuedAt,
        nextAttemptAt: queuedAt,
      })),
    );
    ctx.clock.advance(1_000);
    await enqueueMail(ctx.database.db, { to: 'recibo@exemplo.com.br', subject: 'Recibo', text: 'Obrigado' }, ctx.clock.now());
    await enqueueMail(ctx.database.db, { to: 'lembrete@exemplo.com.br', subject: 'Lembrete', text: 'Oi', bulk: true }, ctx.clock.now());
    await sender.runOnce();
    expect(delivered[0]?.to).toBe('recibo@exemplo.com.br');
    expect(delivered.slice(1).every((mail) => mail.to.endsWith('@empresa.com.br'))).toBe(true);
    await ctx.database.db.delete(mailOutbox);
  });

  it('retries a failed message with growing delays, then marks it sent', async () => {
    const { transport, delivered } = flakyTransport(2);
    const sender = createMailSender({ db: ctx.database.db, transport, clock: ctx.clock, from: 'Semear <x@semear.dev>', log: silentLog });
    await enqueueMail(ctx.database.db, { to: 'retry@exemplo.com', subject: 'Oi', text: 'Olá' }, ctx.clock.now());

    expect(await sender.runOnce()).toBe(0); // first failure: next try in 2 s
    expect(await sender.runOnce()).toBe(0); // not due yet
    ctx.clock.advance(2_000);
    expect(await sender.runOnce()).toBe(0); // second failure: next try in 4 s
    ctx.clock.advance(4_000);
    expect(await sender.runOnce()).toBe(1);

    const [row] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'retry@exemplo.com'));
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ to: 'retry@exemplo.com', from: 'Semear <x@semear.dev>', subject: 'Oi' });
  });

  it('a recipient the server refuses for good is marked bounced at once and never tried again', async () => {
    let calls = 0;
    const transport: MailTransport = {
      kind: 'smtp',
      async send() {
        calls += 1;
        throw new RecipientRefused('550 5.1.1 no such user');
      },
      close: () => {},
    };
    const sender = createMailSender({ db: ctx.database.db, transport, clock: ctx.clock, from: 'x@semear.dev', log: silentLog });
    await enqueueMail(ctx.database.db, { to: 'ninguem@exemplo.com', subject: 'Oi', text: 'Olá' }, ctx.clock.now());
    await sender.runOnce();
    ctx.clock.advance(60 * 60 * 1000);
    await sender.runOnce();
    const [row] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ninguem@exemplo.com'));
    expect(row).toMatchObject({ status: 'bounced', attempts: 1, lastError: '550 5.1.1 no such user' });
    expect(calls).toBe(1);
  });

  it('gives up after the last attempt and marks the message failed', async () => {
    const { transport } = flakyTransport(Number.POSITIVE_INFINITY);
    const sender = createMailSender({ db: ctx.database.db, transport, clock: ctx.clock, from: 'x@semear.dev', log: silentLog });
    await enqueueMail(ctx.database.db, { to: 'never@exemplo.com', subject: 'Oi', text: 'Olá' }, ctx.clock.now());
    for (let i = 0; i < MAX_MAIL_ATTEMPTS + 2; i++) {
      await sender.runOnce();
      ctx.clock.advance(11 * 60 * 1000);
    }
    const [row] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'never@exemplo.com'));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_MAIL_ATTEMPTS });
    expect(row?.lastError).toContain('421');
  });

  it('holds neither the database nor the message while the mail server answers', async () => {
    const during: string[] = [];
    const slowServer: MailTransport = {
      kind: 'smtp',
      async send(mail) {
        // The embedded database runs one transaction at a time, so a send inside one would stall this
        // (and every donation); on PostgreSQL the row would be locked.
        const [row] = await ctx.database.db
          .select({ to: mailOutbox.to })
          .from(mailOutbox)
          .where(eq(mailOutbox.id, mail.id))
          .for('update', { noWait: true });
        during.push(row!.to);
        await enqueueMail(ctx.database.db, { to: 'outro@exemplo.com', subject: 'Durante', text: 'Oi' }, ctx.clock.now());
        return '250 ok';
      },
      close: () => {},
    };
    const sender = createMailSender({
      db: ctx.database.db,
      transport: slowServer,
      clock: ctx.clock,
      from: 'x@semear.dev',
      log: silentLog,
      batchSize: 1,
    });
    await enqueueMail(ctx.database.db, { to: 'lento@exemplo.com', subject: 'Código', text: '123456' }, ctx.clock.now());
    expect(await sender.runOnce()).toBe(1);
    expect(during).toEqual(['lento@exemplo.com']);
    const [row] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'lento@exemplo.com'));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    await ctx.database.db.delete(mailOutbox).where(eq(mailOutbox.subject, 'Durante'));
  });

  it("a message being sent is no other sender's; if its sender dies it is sent again once the claim runs out", async () => {
    let hangUp: ((error: Error) => void) | null = null;
    const stuck: MailTransport = {
      kind: 'smtp',
      send: () => new Promise<string>((_resolve, reject) => (hangUp = reject)),
      close: () => {},
    };
    const { transport, delivered } = flakyTransport(0);
    const first = createMailSender({ db: ctx.database.db, transport: stuck, clock: ctx.clock, from: 'x@semear.dev', log: silentLog });
    const second = createMailSender({ db: ctx.database.db, transport, clock: ctx.clock, from: 'x@semear.dev', log: silentLog });
    await enqueueMail(ctx.database.db, { to: 'preso@exemplo.com', subject: 'Código', text: '123456' }, ctx.clock.now());
    const firstRun = first.runOnce();
    await vi.waitFor(() => expect(hangUp).not.toBeNull());
    expect(await second.runOnce()).toBe(0);
    ctx.clock.advance(CLAIM_MS + 1);
    expect(await second.runOnce()).toBe(1);
    expect(delivered.map((mail) => mail.to)).toEqual(['preso@exemplo.com']);
    // The first sender's answer comes too late: what the second recorded stands.
    hangUp!(new Error('socket timeout'));
    await firstRun;
    const [row] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'preso@exemplo.com'));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });
});
