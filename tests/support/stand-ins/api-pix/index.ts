import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { crc16ccitt } from '../../../../server/services/payments/pix/br-code';
import type { TestCertificates } from './certs';
import { recurrenceRoutes, type ReceiverAccount } from './recurrences';
import { MALFORMED_JSON, OPERATIONS, requestViolations, type ApiPixOperation } from './request-schemas';
import type { Violacao } from './rules';

export const API_PIX_SCOPES =
  'cob.write cob.read pix.read pix.write webhook.write webhook.read ' +
  'rec.write rec.read cobr.write cobr.read payloadlocationrec.write webhookrec.write webhookcobr.write';

interface StoredCob {
  txid: string;
  status: 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';
  calendario: { criacao: string; expiracao: number };
  devedor?: unknown;
  valor: { original: string; modalidadeAlteracao?: number };
  chave: string;
  solicitacaoPagador?: string;
  location: string;
  pixCopiaECola: string;
  pix: { endToEndId: string; txid: string; valor: string; horario: string; devolucoes: StoredDevolucao[] }[];
}
interface StoredDevolucao {
  id: string;
  rtrId: string;
  valor: string;
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
  motivo?: string;
}

export interface ApiPixStandIn {
  url: string;
  tokenUrl: string;
  control: ReturnType<typeof recurrenceRoutes>['control'] & {
    cobs: Map<string, StoredCob>;
    webhooks: Map<string, string>;
    requests: { method: string; path: string; body: unknown; authorization?: string }[];
    tokensIssued: () => number;
    /** The payer's bank pays the charge (`valor`: another amount than charged, for a faulty bank). */
    pay(txid: string, valor?: string): string;
    /** The donor pays a combined QR (journey 3): the first month's charge, and the recurrence is approved. */
    payAndAuthorize(txid: string): string;
    /** Posts the bank's webhook for a PIX to the URL registered for its key (with /pix appended). */
    sendWebhook(txid: string, body?: unknown): Promise<number>;
    /** The next `count` API calls (those `only` picks, when given) answer 503 problem+json. */
    failNext(count: number, only?: (method: string, path: string) => boolean): void;
    /** Holds the answer of every API call (those `only` picks, when given) `ms` longer; 0 ends it. */
    slowDown(ms: number, only?: (method: string, path: string) => boolean): void;
    /** Every token issued so far is refused from now on (401), as if it expired early. */
    expireTokens(): void;
    settleRefund(id: string, status: 'DEVOLVIDO' | 'NAO_REALIZADO'): void;
    close(): Promise<void>;
  };
}

const PROBLEM = 'https://pix.bcb.gov.br/api/v2/error/';

/** A request body: undefined when empty, MALFORMED_JSON when it is not JSON (the spec's 400, not a crash). */
function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return MALFORMED_JSON;
  }
}
/** What `requests` keeps of a body: its JSON, the text when empty or not JSON. */
const recorded = (body: unknown, text: string): unknown => (body === undefined || body === MALFORMED_JSON ? text : body);

/** The receiver's account at the stand-in bank unless a test names another: Pix Automático debits must name it. */
export const STAND_IN_RECEIVER_ACCOUNT: ReceiverAccount = { agencia: '0001', conta: '123456' };

/** The BR Code a bank gives for a charge (`pixCopiaECola`): it names the charge's location, not a key. */
export const dynamicBrCode = (location: string, valor: string): string => {
  const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;
  const body =
    field('00', '01') +
    field('01', '12') +
    field('26', field('00', 'br.gov.bcb.pix') + field('25', location)) +
    field('52', '0000') +
    field('53', '986') +
    field('54', valor) +
    field('58', 'BR') +
    field('59', 'SEMEAR DOACOES') +
    field('60', 'SAO PAULO') +
    field('62', field('05', '***')) +
    '6304';
  return body + crc16ccitt(body);
};

/**
 * A bank's API Pix over HTTPS that requires the client certificate its authority signed (a connection
 * without one is refused in the handshake), with OAuth2 client credentials and scopes, immediate
 * charges, received PIX and their refunds, and the webhook.
 */
export async function startApiPixStandIn(
  certs: TestCertificates,
  options: { clientId: string; clientSecret: string; tokenTtlS?: number; now?: () => Date; receiverAccount?: ReceiverAccount },
): Promise<ApiPixStandIn> {
  const now = options.now ?? (() => new Date());
  const cobs = new Map<string, StoredCob>();
  const webhooks = new Map<string, string>();
  const tokens = new Map<string, string[]>();
  const requests: ApiPixStandIn['control']['requests'] = [];
  let failures = 0;
  let failOnly: ((method: string, path: string) => boolean) | undefined;
  let slow: { ms: number; only?: (method: string, path: string) => boolean } = { ms: 0 };
  let issued = 0;
  let base = '';

  const send = (res: ServerResponse, status: number, body?: unknown, type = 'application/json') => {
    res.writeHead(status, body === undefined ? {} : { 'content-type': type });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const problem = (res: ServerResponse, status: number, name: string, detail: string, violacoes?: Violacao[], title = name) =>
    send(
      res,
      status,
      { type: `${PROBLEM}${name}`, title, status, detail, ...(violacoes ? { violacoes } : {}) },
      'application/problem+json',
    );
  /** Answers the spec's 400 when the request breaks `op`'s schema (request-schemas.ts); true when it did. */
  const malformed = (
    res: ServerResponse,
    op: ApiPixOperation,
    request: { params?: Record<string, string>; body: unknown; contentType?: string },
  ): boolean => {
    const violacoes = requestViolations(op, request);
    if (violacoes.length > 0) problem(res, 400, op.problem, op.detail, violacoes, op.title);
    return violacoes.length > 0;
  };

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  /**
   * The token endpoint (the spec's OAuth2 clientCredentials flow, RFC 6749 §4.4): `grant_type=client_credentials`
   * in an application/x-www-form-urlencoded body is required; anything else is RFC 6749's 400 (§5.2).
   */
  function token(res: ServerResponse, req: IncomingMessage, bodyText: string) {
    if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? ''))
      return send(res, 400, { error: 'invalid_request', error_description: 'the body must be application/x-www-form-urlencoded' });
    const grantType = new URLSearchParams(bodyText).get('grant_type');
    if (grantType === null) return send(res, 400, { error: 'invalid_request', error_description: 'grant_type is required' });
    if (grantType !== 'client_credentials')
      return send(res, 400, { error: 'unsupported_grant_type', error_description: 'only client_credentials is supported' });
    const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return problem(res, 401, 'AcessoNegado', 'invalid client credentials');
    const value = randomBytes(16).toString('hex');
    tokens.set(value, API_PIX_SCOPES.split(' '));
    issued++;
    send(res, 200, { access_token: value, token_type: 'Bearer', expires_in: options.tokenTtlS ?? 3600, scope: API_PIX_SCOPES });
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string, bodyText: string, query: URLSearchParams) {
    const scopes = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!scopes) return problem(res, 401, 'AcessoNegado', 'token missing, invalid or expired');
    const needs = (scope: string) => scopes.includes(scope) || (problem(res, 403, 'AcessoNegado', `scope ${scope} required`), false);
    if (slow.ms > 0 && (!slow.only || slow.only(req.method ?? '', path))) await new Promise((resolve) => setTimeout(resolve, slow.ms));
    if (failures > 0 && (!failOnly || failOnly(req.method ?? '', path))) {
      failures--;
      return problem(res, 503, 'ServicoIndisponivel', 'try again later');
    }
    const body = parseBody(bodyText);
    const contentType = req.headers['content-type'];
    if (recurrences.handle(req, res, path, { body, contentType }, needs, query)) return;
    let m: RegExpExecArray | null;
    if ((m = /^\/cob\/([^/]+)$/.exec(path))) {
      const txid = decodeURIComponent(m[1] as string);
      if (req.method === 'GET') {
        if (!needs('cob.read') || malformed(res, OPERATIONS.getCob, { params: { txid }, body: undefined })) return;
        const cob = cobs.get(txid);
        return cob ? send(res, 200, cob) : problem(res, 404, 'CobNaoEncontrado', `no charge ${txid}`);
      }
      if (!needs('cob.write') || malformed(res, OPERATIONS.putCob, { params: { txid }, body, contentType })) return;
      if (cobs.has(txid)) return problem(res, 400, 'CobOperacaoInvalida', `txid ${txid} is already in use`);
      const b = body as { calendario?: { expiracao?: number }; valor: { original: string }; chave: string };
      const location = `${new URL(base).host}/qr/v2/${randomBytes(12).toString('hex')}`;
      const cob: StoredCob = {
        ...(body as object),
        txid,
        status: 'ATIVA',
        calendario: { criacao: now().toISOString(), expiracao: b.calendario?.expiracao ?? 86400 },
        valor: b.valor,
        chave: b.chave,
        location,
        pixCopiaECola: dynamicBrCode(location, b.valor.original),
        pix: [],
      };
      cobs.set(txid, cob);
      return send(res, 201, cob);
    }
    if ((m = /^\/pix\/([^/]+)\/devolucao\/([^/]+)$/.exec(path))) {
      const [e2eid, id] = [decodeURIComponent(m[1] as string), decodeURIComponent(m[2] as string)];
      const pix = [...cobs.values()].flatMap((cob) => cob.pix).find((p) => p.endToEndId === e2eid);
      if (req.method === 'GET') {
        if (!needs('pix.read') || malformed(res, OPERATIONS.getDevolucao, { params: { e2eid, id }, body: undefined })) return;
        const devolucao = pix?.devolucoes.find((d) => d.id === id);
        return devolucao ? send(res, 200, devolucao) : problem(res, 404, 'PixDevolucaoNaoEncontrada', `no refund ${id}`);
      }
      if (!needs('pix.write') || malformed(res, OPERATIONS.putDevolucao, { params: { e2eid, id }, body, contentType })) return;
      const valor = (body as { valor: string }).valor;
      if (!pix) return problem(res, 404, 'PixNaoEncontrado', `no PIX ${e2eid}`);
      if (pix.devolucoes.some((d) => d.id === id)) return problem(res, 400, 'PixDevolucaoInvalida', `id ${id} already used`);
      const cents = (text: string) => Math.round(Number(text) * 100);
      const given = pix.devolucoes.filter((d) => d.status !== 'NAO_REALIZADO').reduce((t, d) => t + cents(d.valor), 0);
      if (given + cents(valor) > cents(pix.valor)) return problem(res, 400, 'PixDevolucaoInvalida', 'more than is left of the PIX');
      const devolucao: StoredDevolucao = {
        id,
        rtrId: `D${randomBytes(15).toString('hex')}`,
        valor,
        status: 'EM_PROCESSAMENTO',
      };
      pix.devolucoes.push(devolucao);
      return send(res, 201, devolucao);
    }
    if ((m = /^\/webhook\/([^/]+)$/.exec(path))) {
      const chave = decodeURIComponent(m[1] as string);
      if (req.method === 'GET') {
        if (!needs('webhook.read') || malformed(res, OPERATIONS.getWebhook, { params: { chave }, body: undefined })) return;
        const url = webhooks.get(chave);
        return url ? send(res, 200, { webhookUrl: url, chave }) : problem(res, 404, 'WebhookNaoEncontrado', `no webhook for ${chave}`);
      }
      if (!needs('webhook.write') || malformed(res, OPERATIONS.putWebhook, { params: { chave }, body, contentType })) return;
      webhooks.set(chave, (body as { webhookUrl: string }).webhookUrl);
      return send(res, 200);
    }
    return problem(res, 404, 'NaoEncontrado', `no route ${req.method} ${path}`);
  }

  const recurrences = recurrenceRoutes({
    send: (res, status, body) => send(res, status, body),
    problem,
    malformed,
    now,
    host: () => new URL(base).host,
    receiverAccount: options.receiverAccount ?? STAND_IN_RECEIVER_ACCOUNT,
    cobOf: (txid) => {
      const cob = cobs.get(txid);
      return cob ? { location: cob.location, valor: cob.valor.original } : undefined;
    },
  });

  const server = createServer(
    { key: certs.serverKey, cert: certs.serverCert, ca: certs.ca, requestCert: true, rejectUnauthorized: true },
    (req, res) => {
      void (async () => {
        const text = await readBody(req);
        const url = new URL(req.url ?? '/', 'https://stand-in');
        const path = url.pathname;
        requests.push({
          method: req.method ?? '',
          path,
          body: path === '/oauth/token' ? text : recorded(parseBody(text), text),
          authorization: req.headers.authorization,
        });
        if (!(req.socket as TLSSocket).authorized) return problem(res, 403, 'AcessoNegado', 'client certificate required');
        if (req.method === 'POST' && path === '/oauth/token') return token(res, req, text);
        if (path.startsWith('/api/v2/')) return api(req, res, path.slice('/api/v2'.length), text, url.searchParams);
        return problem(res, 404, 'NaoEncontrado', 'no such route');
      })().catch((error: unknown) => problem(res, 500, 'ErroInterno', String(error)));
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const findPix = (txid: string) => cobs.get(txid)?.pix[0];
  function pay(txid: string, valor?: string): string {
    const cob = cobs.get(txid);
    if (!cob || cob.status !== 'ATIVA') throw new Error(`charge ${txid} is not payable`);
    const endToEndId = `E00000000${now().toISOString().replace(/\D/g, '').slice(0, 12)}${randomBytes(6).toString('hex')}`.slice(0, 32);
    cob.status = 'CONCLUIDA';
    cob.pix.push({ endToEndId, txid, valor: valor ?? cob.valor.original, horario: now().toISOString(), devolucoes: [] });
    return endToEndId;
  }
  return {
    url: `${base}/api/v2`,
    tokenUrl: `${base}/oauth/token`,
    control: {
      ...recurrences.control,
      cobs,
      webhooks,
      requests,
      tokensIssued: () => issued,
      pay,
      payAndAuthorize(txid) {
        const rec = recurrences.control.recOfJourney(txid);
        if (!rec) throw new Error(`no recurrence is authorised with charge ${txid}`);
        const endToEndId = pay(txid);
        recurrences.control.approveRec(rec.idRec);
        return endToEndId;
      },
      async sendWebhook(txid, body) {
        const cob = cobs.get(txid);
        const url = cob ? webhooks.get(cob.chave) : undefined;
        if (!cob || !url) throw new Error(`no webhook registered for charge ${txid}`);
        const pix = findPix(txid);
        const payload = body ?? { pix: pix ? [{ endToEndId: pix.endToEndId, txid, valor: pix.valor, horario: pix.horario }] : [] };
        const response = await fetch(`${url}/pix`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        });
        return response.status;
      },
      failNext(count, only) {
        failures = count;
        failOnly = only;
      },
      slowDown(ms, only) {
        slow = { ms, only };
      },
      expireTokens() {
        tokens.clear();
      },
      settleRefund(id, status) {
        const devolucao = [...cobs.values()].flatMap((cob) => cob.pix.flatMap((p) => p.devolucoes)).find((d) => d.id === id);
        if (!devolucao) throw new Error(`no refund ${id}`);
        devolucao.status = status;
        if (status === 'NAO_REALIZADO') devolucao.motivo = 'Conta do pagador encerrada';
      },
      close: () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    },
  };
}

/** The variables that point the app at the stand-in, as an NGO points it at its bank. */
export function apiPixEnv(standIn: ApiPixStandIn, certs: TestCertificates, credentials: { clientId: string; clientSecret: string }) {
  return {
    PAYMENT_PIX_PROVIDER: 'api-pix',
    PIX_API_URL: standIn.url,
    PIX_API_TOKEN_URL: standIn.tokenUrl,
    PIX_API_CLIENT_ID: credentials.clientId,
    PIX_API_CLIENT_SECRET: credentials.clientSecret,
    PIX_API_CERT: certs.clientCertPath,
    PIX_API_CERT_KEY: certs.clientKeyPath,
    PIX_API_CA: certs.caPath,
  };
}
