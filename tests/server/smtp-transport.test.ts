import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTransport, RecipientRefused } from '../../server/services/mail/mail-transport';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
let connections = 0;
let sink: SMTPServer;
let port = 0;

beforeAll(async () => {
  // A local SMTP sink: no TLS, no auth, it just keeps what it receives.
  sink = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    // An address this server does not have: refused for good (550); one whose mailbox is busy: for now (450).
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('nao-existe@')) return callback(Object.assign(new Error('5.1.1 No such user'), { responseCode: 550 }));
      if (address.address.startsWith('ocupado@')) return callback(Object.assign(new Error('4.2.1 Mailbox busy'), { responseCode: 450 }));
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', () => resolve()));
  port = (sink.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => sink.close(() => resolve())));

describe('SMTP transport (SMTP_URL set)', () => {
  it('delivers the message to the SMTP server', async () => {
    const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, dataDir: '/nonexistent' });
    expect(transport.kind).toBe('smtp');
    const response = await transport.send({
      id: '6f1c1d5e-0000-4000-8000-000000000001',
      from: 'Semear <nao-responda@semear.dev>',
      to: 'maria@exemplo.com.br',
      subject: 'Redefina sua senha do Semear',
      text: 'Olá, Maria!',
      html: '<p>Olá, Maria!</p>',
    });
    transport.close();
    expect(response).toMatch(/^250/);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'nao-responda@semear.dev', to: ['maria@exemplo.com.br'] });
    expect(received[0]?.raw).toContain('Message-ID: <6f1c1d5e-0000-4000-8000-000000000001@semear.mail>');
    expect(received[0]?.raw).toMatch(/Content-Type: text\/html/);
  });

  it('an address refused for good is a RecipientRefused (the outbox marks it bounced); a temporary refusal is retried', async () => {
    const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, dataDir: '/nonexistent' });
    const mail = { id: 'y', from: 'a@semear.dev', subject: 's', text: 't', html: null };
    const refused = await transport.send({ ...mail, to: 'nao-existe@exemplo.com.br' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RecipientRefused);
    expect((refused as Error).message).toMatch(/^550/);
    const busy = await transport.send({ ...mail, to: 'ocupado@exemplo.com.br' }).catch((error: unknown) => error);
    expect(busy).toBeInstanceOf(Error);
    expect(busy).not.toBeInstanceOf(RecipientRefused);
    transport.close();
  });

  it('rejects when the server is unreachable, so the outbox retries', async () => {
    const transport = createMailTransport({ smtpUrl: 'smtp://127.0.0.1:1', dataDir: '/nonexistent' });
    await expect(transport.send({ id: 'x', from: 'a@b.c', to: 'd@e.f', subject: 's', text: 't', html: null })).rejects.toThrow();
    transport.close();
  });

  it('keeps its connection open: one message after another goes over the same one', async () => {
    const transport = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${port}`, dataDir: '/nonexistent' });
    const before = { connections, received: received.length };
    for (let i = 0; i < 5; i++) {
      const answer = await transport.send({
        id: `kept-${i}`,
        from: 'a@semear.dev',
        to: `pessoa${i}@exemplo.com.br`,
        subject: 's',
        text: 't',
        html: null,
      });
      expect(answer).toMatch(/^250/);
    }
    transport.close();
    expect(received.length - before.received).toBe(5);
    expect(connections - before.connections).toBe(1);
  });
});
