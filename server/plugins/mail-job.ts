import fp from 'fastify-plugin';
import type { Database } from '../db/types';
import type { Clock } from '../services/clock';
import { createMailSender, type MailSender } from '../services/mail/mail-outbox';
import type { MailTransport } from '../services/mail/mail-transport';

declare module 'fastify' {
  interface FastifyInstance {
    mailSender: MailSender;
  }
}

export interface MailJobOptions {
  db: Database;
  clock: Clock;
  transport: MailTransport;
  from: string;
  /** Poll the outbox every this many ms from onReady; null leaves it to the caller (tests call runOnce). */
  pollEveryMs: number | null;
}

/** Sends the outbox in the background and stops cleanly when the server closes. */
export const mailJobPlugin = fp<MailJobOptions>(
  async (app, options) => {
    const sender = createMailSender({
      db: options.db,
      transport: options.transport,
      clock: options.clock,
      from: options.from,
      log: app.log,
    });
    app.decorate('mailSender', sender);
    if (options.pollEveryMs !== null) {
      const every = options.pollEveryMs;
      app.addHook('onReady', async () => sender.start(every));
    }
    app.addHook('onClose', async () => sender.stop());
  },
  { name: 'semear-mail-job' },
);
