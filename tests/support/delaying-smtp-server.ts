import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A local SMTP server that takes `delayMs` over each message, as a provider does, and counts what it holds
 * at once: the mail pool's tests (tests/api/mail-pool.test.ts) and the mail bench (bench/mail-volume.ts).
 */

export interface SmtpArrival {
  to: string;
  /** The local part of the message's Message-ID: which outbox row it was. */
  messageId: string;
  /** `performance.now()` when the server answered for it. */
  at: number;
}

export interface DelayingSmtpState {
  arrivals: SmtpArrival[];
  open: number;
  maxOpen: number;
  receiving: number;
  maxReceiving: number;
  /** Recipients refused: for good (550) or for now (450). */
  refusedForGood: Set<string>;
  refusedForNow: Set<string>;
}

export interface DelayingSmtpServer {
  state: DelayingSmtpState;
  /** `smtp://127.0.0.1:<port>`. */
  url: string;
  close: () => Promise<void>;
}

export async function startDelayingSmtpServer(delayMs: number): Promise<DelayingSmtpServer> {
  const state: DelayingSmtpState = {
    arrivals: [],
    open: 0,
    maxOpen: 0,
    receiving: 0,
    maxReceiving: 0,
    refusedForGood: new Set(),
    refusedForNow: new Set(),
  };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onConnect(_session, callback) {
      state.open += 1;
      state.maxOpen = Math.max(state.maxOpen, state.open);
      callback();
    },
    onClose() {
      state.open -= 1;
    },
    onRcptTo(address, _session, callback) {
      if (state.refusedForGood.has(address.address)) return callback(Object.assign(new Error('5.1.1 No such user'), { responseCode: 550 }));
      if (state.refusedForNow.has(address.address)) return callback(Object.assign(new Error('4.2.1 Mailbox busy'), { responseCode: 450 }));
      return callback();
    },
    onData(stream, session, callback) {
      state.receiving += 1;
      state.maxReceiving = Math.max(state.maxReceiving, state.receiving);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        setTimeout(() => {
          const messageId = /Message-ID: <([^@>]+)@/i.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? '';
          const at = performance.now();
          for (const to of session.envelope.rcptTo) state.arrivals.push({ to: to.address, messageId, at });
          state.receiving -= 1;
          callback();
        }, delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
