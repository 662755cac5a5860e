import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { DEFAULT_SMTP_MAX_CONNECTIONS } from '../../config-variables';

export interface OutgoingMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

/** Where mail goes: an SMTP server, or the embedded mailbox folder. */
export interface MailTransport {
  readonly kind: 'smtp' | 'mailbox';
  /** How many sends it takes at once without queueing any (its connections); 1 when unset. */
  readonly concurrency?: number;
  /** Resolves with where the message went (a file path for the mailbox, the server's answer for SMTP). */
  send(mail: OutgoingMail): Promise<string>;
  close(): void;
}

const toNodemailer = (mail: OutgoingMail) => ({
  from: mail.from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  ...(mail.html ? { html: mail.html } : {}),
  messageId: `<${mail.id}@semear.mail>`,
});

/** The receiving server refused the recipient for good (a 5xx to RCPT TO: no such mailbox, domain unknown). */
export class RecipientRefused extends Error {
  override name = 'RecipientRefused';
}

/** Nodemailer's error for a recipient the server refused: the envelope's RCPT TO answered with a 5xx. */
const isPermanentRecipientRefusal = (error: unknown): error is Error & { response?: string } => {
  const e = error as { code?: unknown; responseCode?: unknown };
  return e.code === 'EENVELOPE' && typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600;
};

/**
 * A pool of `maxConnections` connections, each kept open and reused for up to 100 messages: a new
 * connection for each message costs its TCP, TLS, greeting and login round trips, most of a message's
 * time at a remote provider. The outbox sends as many messages at once as there are connections and
 * never more, so none waits in nodemailer's own queue. A URL may still say otherwise (`?pool=false`).
 * The timeouts end a stuck send (at most about two minutes) before the outbox's claim on its message
 * (CLAIM_MS) runs out, so no other node sends it while this one still might; for the same reason a
 * message whose connection drops mid-send is not put back in the pool's queue for another try
 * (`maxRequeues: 0`, which would add a connection's timeouts again): it fails to the outbox, which
 * retries it on its own schedule.
 */
export function smtpTransport(smtpUrl: string, maxConnections = DEFAULT_SMTP_MAX_CONNECTIONS): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections,
    maxMessages: 100,
    maxRequeues: 0,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    kind: 'smtp',
    concurrency: maxConnections,
    async send(mail) {
      try {
        const info = await transporter.sendMail(toNodemailer(mail));
        return String(info.response ?? info.messageId);
      } catch (error) {
        if (isPermanentRecipientRefusal(error)) throw new RecipientRefused(error.response ?? error.message, { cause: error });
        throw error;
      }
    },
    close: () => transporter.close(),
  };
}

/**
 * The embedded mailbox: each message is a real RFC 5322 file (DATA_DIR/mail/<timestamp>-<id>.eml)
 * that any mail program opens, so development and tests need no mail server.
 */
export function mailboxTransport(folder: string, now: () => Date = () => new Date()): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // Each file is written off the event loop: written synchronously, opening and writing a receipt took
  // 6% of the server's time under a donation burst, with every request waiting (issue 52).
  return {
    kind: 'mailbox',
    async send(mail) {
      const info = await transporter.sendMail(toNodemailer(mail));
      const stamp = now().toISOString().replace(/[:.]/g, '-');
      const path = join(folder, `${stamp}-${mail.id}.eml`);
      const write = () => writeFile(path, info.message as Buffer);
      // No folder yet (the first message, or someone emptied the mailbox): made, then written.
      await write().catch(async (error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await mkdir(folder, { recursive: true });
        await write();
      });
      return path;
    },
    close: () => transporter.close(),
  };
}

export const createMailTransport = (config: { smtpUrl: string | null; smtpMaxConnections?: number; dataDir: string }): MailTransport =>
  config.smtpUrl ? smtpTransport(config.smtpUrl, config.smtpMaxConnections) : mailboxTransport(mailboxFolder(config.dataDir));

export const mailboxFolder = (dataDir: string): string => join(dataDir, 'mail');
