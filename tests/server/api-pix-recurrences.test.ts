import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiPixClient, type ApiPixClient } from '../../server/services/payments/api-pix/api-client';
import { centsToValor, valorToCents } from '../../server/services/payments/api-pix/money';
import {
  cobrWebhookSchema,
  recWebhookSchema,
  type CobrRequest,
  type PoliticaRetentativa,
} from '../../server/services/payments/api-pix/recurrence-schemas';
import { makeTestCertificates, type TestCertificates } from '../support/stand-ins/api-pix/certs';
import { STAND_IN_RECEIVER_ACCOUNT, startApiPixStandIn, type ApiPixStandIn } from '../support/stand-ins/api-pix';

/**
 * Pix Automático through our API Pix client, against the stand-in bank over mutual TLS: what goes on the
 * wire for a recurrence and its monthly charges, and the Pix Automático rules a bank holds us to (a charge
 * 2 to 10 days before its due date, one a month, only on an approved recurrence, for its amount; retries
 * only where allowed). The subscription built on it comes in docs/payments.md, "Monthly giving by Pix Automático".
 */
const credentials = { clientId: 'semear-client', clientSecret: 'semear-secret' };
let now = new Date('2026-03-01T12:00:00Z');
const clock = { now: () => now };
let certs: TestCertificates;
let bank: ApiPixStandIn;
let client: ApiPixClient;
let receiver: Server;
let receiverUrl: string;
const received: { path: string; body: unknown }[] = [];

beforeAll(async () => {
  certs = makeTestCertificates();
  bank = await startApiPixStandIn(certs, { ...credentials, now: clock.now });
  client = createApiPixClient(
    {
      apiUrl: bank.url,
      tokenUrl: bank.tokenUrl,
      ...credentials,
      tls: { cert: readFileSync(certs.clientCertPath), key: readFileSync(certs.clientKeyPath), ca: certs.ca },
    },
    { clock },
  );
  // Where the bank posts its news: a plain listener standing for our webhook route.
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/v1/payments/webhooks/api-pix`;
}, 60_000);
afterAll(async () => {
  await bank.control.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  certs.remove();
});

const day = (offsetDays: number) => new Date(now.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const devedor = { cpf: '52998224725', nome: 'Ana Doadora' };

async function authorisedRecurrence(amountCents: number, politicaRetentativa: PoliticaRetentativa = 'PERMITE_3R_7D') {
  const loc = await client.postLocRec();
  const rec = await client.postRec({
    vinculo: { contrato: `sub${Math.random().toString(36).slice(2, 12)}`, objeto: 'Doação mensal Semear', devedor },
    calendario: { dataInicial: day(2), periodicidade: 'MENSAL' },
    valor: { valorRec: centsToValor(amountCents) },
    politicaRetentativa,
    loc: loc.id,
  });
  return { loc, rec };
}
const monthly = (idRec: string, due: string, cents: number): CobrRequest => ({
  idRec,
  calendario: { dataDeVencimento: due },
  valor: { original: centsToValor(cents) },
  ajusteDiaUtil: true,
  recebedor: { ...STAND_IN_RECEIVER_ACCOUNT, tipoConta: 'CORRENTE' },
});

/** A request to the stand-in as any client would send it, answered with its status, content type and body. */
async function rawCall(method: string, path: string, body: unknown): Promise<{ status: number; type: string; json: unknown }> {
  const tls = { cert: readFileSync(certs.clientCertPath), key: readFileSync(certs.clientKeyPath), ca: certs.ca };
  const send = (url: string, headers: Record<string, string>, text: string) =>
    new Promise<{ status: number; type: string; text: string }>((resolve, reject) => {
      const req = httpsRequest(url, { method: url.endsWith('/oauth/token') ? 'POST' : method, headers, ...tls }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), text: Buffer.concat(chunks).toString('utf8') }),
        );
      });
      req.on('error', reject);
      req.end(text);
    });
  const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64');
  const token = await send(
    bank.tokenUrl,
    { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    'grant_type=client_credentials',
  );
  const { access_token } = JSON.parse(token.text) as { access_token: string };
  const answer = await send(
    `${bank.url}${path}`,
    { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
    JSON.stringify(body),
  );
  return { status: answer.status, type: answer.type, json: JSON.parse(answer.text) as unknown };
}
const newTxid = () => `r${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`.padEnd(30, '0').slice(0, 32);

describe('Pix Automático through the API Pix client', () => {
  it('a recurrence of R$ 12,34 is "12.34" on the wire, waits for the donor with a QR code, and reads APROVADA once authorised', async () => {
    const { loc, rec } = await authorisedRecurrence(1234);
    const sent = bank.control.requests.findLast((r) => r.method === 'POST' && r.path === '/api/v2/rec');
    expect(sent?.body).toMatchObject({ valor: { valorRec: '12.34' }, loc: loc.id, calendario: { periodicidade: 'MENSAL' } });
    expect(rec.status).toBe('CRIADA');
    expect(rec.idRec).toMatch(/^RR[a-zA-Z0-9]{27}$/);
    expect(valorToCents(rec.valor.valorRec ?? '')).toBe(1234);
    expect(rec.dadosQR?.pixCopiaECola).toContain(loc.location);

    bank.control.approveRec(rec.idRec);
    expect((await client.getRec(rec.idRec))?.status).toBe('APROVADA');
    expect(await client.getRec('RR0000000020260301aaaaaaaaaaa')).toBeNull();
  });

  it('a recurrence the bank refuses names what is wrong (an invalid CPF, an amount not in the spec’s form)', async () => {
    const loc = await client.postLocRec();
    const refused = client.postRec({
      vinculo: { contrato: 'sub-bad', objeto: 'Doação mensal Semear', devedor: { cpf: '12345678900', nome: 'Ana' } },
      calendario: { dataInicial: day(1), periodicidade: 'MENSAL' },
      valor: { valorRec: '12.3' },
      politicaRetentativa: 'PERMITE_3R_7D',
      loc: loc.id,
    });
    await expect(refused).rejects.toThrow(/400.*rec\.vinculo\.devedor.*rec\.valor/s);
  });

  it('the month’s charge goes 2 to 10 days before its due date, once a month, on an approved recurrence, for its amount', async () => {
    const { rec } = await authorisedRecurrence(5000);
    await expect(client.putCobr(newTxid(), monthly(rec.idRec, day(7), 5000))).rejects.toThrow(/not APROVADA/);
    bank.control.approveRec(rec.idRec);
    await expect(client.putCobr(newTxid(), monthly(rec.idRec, day(11), 5000))).rejects.toThrow(/2 to 10 days/);
    await expect(client.putCobr(newTxid(), monthly(rec.idRec, day(1), 5000))).rejects.toThrow(/2 to 10 days/);
    await expect(client.putCobr(newTxid(), monthly(rec.idRec, day(7), 4999))).rejects.toThrow(/fixed amount is 50\.00/);

    const txid = newTxid();
    const cobr = await client.putCobr(txid, monthly(rec.idRec, day(7), 5000));
    expect(cobr).toMatchObject({ txid, status: 'ATIVA', valor: { original: '50.00' }, calendario: { dataDeVencimento: day(7) } });
    expect(bank.control.requests.findLast((r) => r.method === 'PUT')?.body).toMatchObject({ valor: { original: '50.00' } });
    await expect(client.putCobr(newTxid(), monthly(rec.idRec, day(8), 5000))).rejects.toThrow(/already has a charge in that cycle/);
    // A retry of the same request after a lost answer finds the charge by its txid.
    expect((await client.getCobr(txid))?.status).toBe('ATIVA');
    expect(await client.getCobr(newTxid())).toBeNull();
  });

  it('a month’s charge without the spec’s recebedor, or naming an account not the receiver’s, is refused with a problem+json 400', async () => {
    const { rec } = await authorisedRecurrence(4000);
    bank.control.approveRec(rec.idRec);
    const { recebedor: _left, ...without } = monthly(rec.idRec, day(5), 4000);
    const refused = await rawCall('PUT', `/cobr/${newTxid()}`, without);
    expect(refused).toMatchObject({
      status: 400,
      type: 'application/problem+json',
      json: {
        type: 'https://pix.bcb.gov.br/api/v2/error/CobROperacaoInvalida',
        status: 400,
        violacoes: [{ propriedade: 'cobr.recebedor' }],
      },
    });
    const badFields = await rawCall('PUT', `/cobr/${newTxid()}`, {
      ...without,
      recebedor: { conta: '1'.repeat(21), tipoConta: 'SALARIO', agencia: '12345' },
    });
    expect((badFields.json as { violacoes: { propriedade: string }[] }).violacoes.map((v) => v.propriedade)).toEqual([
      'cobr.recebedor.conta',
      'cobr.recebedor.tipoConta',
      'cobr.recebedor.agencia',
    ]);
    await expect(
      client.putCobr(newTxid(), {
        ...monthly(rec.idRec, day(5), 4000),
        recebedor: { conta: '999999', agencia: '0001', tipoConta: 'CORRENTE' },
      }),
    ).rejects.toThrow(/400.*não pertence a este usuário recebedor/s);
    expect([...bank.control.cobrs.values()].filter((c) => c.idRec === rec.idRec)).toHaveLength(0);
    const sent = await client.putCobr(newTxid(), monthly(rec.idRec, day(5), 4000));
    expect(bank.control.cobrs.get(sent.txid)?.recebedor).toEqual({ agencia: '0001', conta: '123456', tipoConta: 'CORRENTE' });
  });

  it('a refused debit is retried within seven days where the recurrence allows it, and the retry is paid', async () => {
    const { rec } = await authorisedRecurrence(2500);
    bank.control.approveRec(rec.idRec);
    const txid = newTxid();
    await client.putCobr(txid, monthly(rec.idRec, day(3), 2500));
    await expect(client.retryCobr(txid, day(5))).rejects.toThrow(/a debit is still pending/);
    now = new Date(now.getTime() + 3 * 86_400_000);
    bank.control.debit(txid, 'refused');
    await expect(client.retryCobr(txid, day(9))).rejects.toThrow(/within 7 days/);
    const retried = await client.retryCobr(txid, day(2));
    expect(retried.tentativas?.map((t) => [t.tipo, t.status])).toEqual([
      ['AGND', 'REJEITADA'],
      ['NTAG', 'AGENDADA'],
    ]);
    bank.control.debit(txid, 'paid');
    expect((await client.getCobr(txid))?.status).toBe('CONCLUIDA');

    const strict = await authorisedRecurrence(2500, 'NAO_PERMITE');
    bank.control.approveRec(strict.rec.idRec);
    expect(strict.rec.idRec.startsWith('RN')).toBe(true);
    const once = newTxid();
    await client.putCobr(once, monthly(strict.rec.idRec, day(3), 2500));
    bank.control.debit(once, 'refused');
    expect((await client.getCobr(once))?.status).toBe('EXPIRADA');
    await expect(client.retryCobr(once, day(4))).rejects.toThrow(/allows no retry/);
  });

  it('cancelling ends the recurrence at the bank; one the donor cancels in their bank app says who did', async () => {
    const { rec } = await authorisedRecurrence(3000);
    bank.control.approveRec(rec.idRec);
    const cancelled = await client.cancelRec(rec.idRec);
    expect(cancelled.status).toBe('CANCELADA');
    expect(cancelled.encerramento?.cancelamento?.solicitante).toBe('USUARIO_RECEBEDOR');
    await expect(client.putCobr(newTxid(), monthly(rec.idRec, day(5), 3000))).rejects.toThrow(/CANCELADA/);
    await expect(client.cancelRec(rec.idRec)).rejects.toThrow(/400/);

    const other = await authorisedRecurrence(3000);
    bank.control.approveRec(other.rec.idRec);
    bank.control.cancelRecByPayer(other.rec.idRec);
    expect((await client.getRec(other.rec.idRec))?.encerramento?.cancelamento?.solicitante).toBe('USUARIO_PAGADOR');
  });

  it('the webhooks are registered for recurrences and their charges, and what the bank posts reads as the spec’s hints', async () => {
    await client.putRecurrenceWebhooks(receiverUrl);
    expect(bank.control.recurrenceWebhooks).toEqual({ rec: receiverUrl, cobr: receiverUrl });
    const { rec } = await authorisedRecurrence(1000);
    bank.control.approveRec(rec.idRec);
    expect(await bank.control.sendRecWebhook(rec.idRec)).toBe(200);
    const txid = newTxid();
    await client.putCobr(txid, monthly(rec.idRec, day(4), 1000));
    expect(await bank.control.sendCobrWebhook(txid)).toBe(200);

    const [recNews, cobrNews] = received.slice(-2);
    expect(recNews?.path).toBe('/api/v1/payments/webhooks/api-pix/rec');
    expect(recWebhookSchema.parse(recNews?.body).recs[0]?.idRec).toBe(rec.idRec);
    expect(cobrNews?.path).toBe('/api/v1/payments/webhooks/api-pix/cobr');
    expect(cobrWebhookSchema.parse(cobrNews?.body).cobsr[0]?.txid).toBe(txid);
  });

  it('a token the bank expires early is refreshed once, and the call goes through', async () => {
    const { rec } = await authorisedRecurrence(1500);
    const issued = bank.control.tokensIssued();
    bank.control.expireTokens();
    expect((await client.getRec(rec.idRec))?.idRec).toBe(rec.idRec);
    expect(bank.control.tokensIssued()).toBe(issued + 1);
  });
});
