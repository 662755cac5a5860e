import { randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { cardTokens } from './giving';
import { signInAs } from './product';

/** How long a password-reset e-mail waited while a company's batch of cards was being mailed. */
export interface MailWaitResult {
  batchCards: number;
  /** Bulk messages the provider had taken when the reset was asked for, and when it arrived. */
  bulkBefore: number;
  bulkAtArrival: number;
  waitMs: number;
}

/**
 * A stand-in for the mail provider: an SMTP server that takes `perMessageMs` to accept each message
 * (50 ms ≈ the 20 a second a provider lets one sender through) and notes when each recipient's arrived.
 */
export async function startSlowSmtpSink(port: number, perMessageMs = 50) {
  const arrivals: { to: string; at: number }[] = [];
  const sink = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        setTimeout(() => {
          for (const to of session.envelope.rcptTo) arrivals.push({ to: to.address, at: performance.now() });
          callback();
        }, perMessageMs);
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(port, '127.0.0.1', resolve));
  return { arrivals, close: () => new Promise<void>((resolve) => sink.close(() => resolve())) };
}

async function ok(res: Response, what: string): Promise<Response> {
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
  return res;
}

const until = async (done: () => boolean, what: string, timeoutMs = 600_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/**
 * Signs in as `donor`, buys a company batch of `cards` gift cards sent by e-mail at once (a spreadsheet
 * of that many recipients, paid by card), and once the provider is taking the batch's mail, asks for a
 * password reset for the same person: the figure is how long the reset took to reach the provider.
 */
export async function measureResetBehindBatch(
  base: string,
  sink: Awaited<ReturnType<typeof startSlowSmtpSink>>,
  donor: { email: string; password: string },
  cards = 10_000,
): Promise<MailWaitResult> {
  const auth = { authorization: `Bearer ${await signInAs(base, donor.email, donor.password)}` };
  const rows = Array.from({ length: cards }, (_, i) => `Pessoa ${i + 1};pessoa${i + 1}@empresa-bench.com.br`);
  const sheet = (await (
    await ok(
      await fetch(`${base}/api/v1/gift-card-recipient-sheets`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'text/csv' },
        body: ['Nome;E-mail', ...rows].join('\n'),
      }),
      'sheet upload',
    )
  ).json()) as { id: string; accepted: number };
  if (sheet.accepted !== cards) throw new Error(`the sheet kept ${sheet.accepted} of ${cards}`);
  const [cardToken] = await cardTokens(base, 1);
  await ok(
    await fetch(`${base}/api/v1/gift-card-orders/corporate`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({
        definition: {
          value: 5000,
          template: 'gratidao',
          message: 'Obrigado pelo ano!',
          from: 'Empresa Bench',
          recipients: { source: 'sheet', sheet_id: sheet.id, shipping: { mode: 'email_now' } },
        },
        contact: {
          is_company: true,
          corporate_name: 'Empresa Bench Ltda',
          contact_name: 'Joana Lima',
          name: 'Empresa Bench',
          email: 'rh@empresa-bench.com.br',
          cnpj: '11.222.333/0001-81',
          telephone: '(11) 3333-4444',
        },
        payment: { method: 'card', card_token: cardToken },
        address: {
          country: 'BR',
          zip_code: '01310100',
          state: 'SP',
          city: 'São Paulo',
          street_address: 'Avenida Paulista',
          house_number: '1000',
        },
      }),
    }),
    'corporate order',
  );
  const bulk = () => sink.arrivals.filter((a) => a.to.endsWith('@empresa-bench.com.br')).length;
  // The batch is issued and its mail under way: a good share of it still queued behind.
  await until(() => bulk() >= Math.min(200, cards / 2), 'the batch to start going out');
  const bulkBefore = bulk();
  const asked = performance.now();
  await ok(
    await fetch(`${base}/api/v1/password/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: donor.email }),
    }),
    'password reset',
  );
  await until(() => sink.arrivals.some((a) => a.to === donor.email && a.at > asked), 'the reset e-mail');
  const arrived = sink.arrivals.find((a) => a.to === donor.email && a.at > asked)!;
  return { batchCards: cards, bulkBefore, bulkAtArrival: bulk(), waitMs: Math.round(arrived.at - asked) };
}
