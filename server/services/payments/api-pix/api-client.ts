import type { z } from 'zod';
import type { ApiPixConfig } from './settings';
import type { Clock } from '../../clock';
import { createJsonHttp } from '../provider-kit/json-http';
import { createTokenCache, withBearerToken } from '../provider-kit/token-cache';
import { ApiPixError, apiPixErrors } from './errors';
import { mtlsAgent, mtlsTransport } from './https-call';
import { cobSchema, devolucaoSchema, tokenSchema, webhookSchema, type Cob, type Devedor, type Devolucao } from './schemas';
import {
  cobrSchema,
  locRecSchema,
  recSchema,
  type Cobr,
  type CobrRequest,
  type LocRec,
  type Rec,
  type RecRequest,
} from './recurrence-schemas';

/**
 * A small client of the Central Bank's API Pix (bacen/pix-api) as every bank exposes it: OAuth2 client
 * credentials and mutual TLS, immediate charges (/cob), received PIX and their refunds (/pix), the
 * webhook (/webhook), and Pix Automático: recurrences (/locrec, /rec), their monthly charges (/cobr) and
 * the webhooks of both (/webhookrec, /webhookcobr).
 */
export interface ApiPixClient {
  /** PUT /cob/{txid}: creates the charge, or answers the one already made under that txid. */
  putCob(txid: string, body: CobRequest): Promise<Cob>;
  /** GET /cob/{txid}; null: the bank has no charge of that txid. */
  getCob(txid: string): Promise<Cob | null>;
  /** PUT /pix/{e2eid}/devolucao/{id}: gives back `valor` of a received PIX. */
  putDevolucao(e2eid: string, id: string, valor: string): Promise<Devolucao>;
  /** GET /pix/{e2eid}/devolucao/{id}; null: no devolução of that id. */
  getDevolucao(e2eid: string, id: string): Promise<Devolucao | null>;
  /** PUT /webhook/{chave}: where the bank posts the PIX received on that key (it appends /pix). */
  putWebhook(chave: string, webhookUrl: string): Promise<void>;
  getWebhook(chave: string): Promise<string | null>;
  /** POST /locrec: a location for a recurrence's QR code. */
  postLocRec(): Promise<LocRec>;
  /** POST /rec: a recurrence for the donor to authorise (status CRIADA). */
  postRec(body: RecRequest): Promise<Rec>;
  /**
   * GET /rec/{idRec}, with the QR code of its location; with `txid` (journey 3), the combined QR of that
   * immediate charge and the recurrence. null: the bank has no such recurrence.
   */
  getRec(idRec: string, txid?: string): Promise<Rec | null>;
  /** PATCH /rec/{idRec} with status CANCELADA: the recurrence ends at the bank. */
  cancelRec(idRec: string): Promise<Rec>;
  /** PUT /cobr/{txid}: the month's charge on an authorised recurrence, debited by the donor's bank on the due date. */
  putCobr(txid: string, body: CobrRequest): Promise<Cobr>;
  /** GET /cobr/{txid}; null: the bank has no recurring charge of that txid. */
  getCobr(txid: string): Promise<Cobr | null>;
  /** POST /cobr/{txid}/retentativa/{data}: one more debit of a failed month, on `data` (YYYY-MM-DD). */
  retryCobr(txid: string, data: string): Promise<Cobr>;
  /** PUT /webhookrec and /webhookcobr: where the bank posts recurrences' and their charges' news (it appends /rec and /cobr). */
  putRecurrenceWebhooks(webhookUrl: string): Promise<void>;
}

export interface CobRequest {
  calendario: { expiracao: number };
  devedor?: Devedor;
  valor: { original: string; modalidadeAlteracao: 0 };
  chave: string;
  solicitacaoPagador?: string;
}

const DEFAULT_TIMEOUT_MS = 15_000;

export function createApiPixClient(config: ApiPixConfig, options: { clock: Clock; timeoutMs?: number }): ApiPixClient {
  const agent = mtlsAgent(config.tls);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  const http = createJsonHttp({ baseUrl: config.apiUrl, timeoutMs, transport: mtlsTransport(agent), errors: apiPixErrors });

  const tokens = createTokenCache(
    async () => {
      const where = { method: 'POST', path: '', label: 'token' };
      const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
      const headers = { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
      const answer = await http.send({ ...where, url: config.tokenUrl, headers, body: 'grant_type=client_credentials' });
      if (answer.status !== 200) throw apiPixErrors.refused(where, answer);
      const token = http.read(where, answer, tokenSchema);
      return { accessToken: token.access_token, expiresInS: token.expires_in };
    },
    () => options.clock.now().getTime(),
  );

  /** One call; a 401 (a token the bank revoked or expired early) gets one new token and one retry. */
  async function call<S extends z.ZodType>(
    method: 'GET' | 'PUT' | 'POST' | 'PATCH',
    path: string,
    schema: S | null,
    body?: unknown,
  ): Promise<{ status: number; data: z.output<S> | null }> {
    const where = { method, path, label: `${method} ${path.replace(/\/[^/]{20,}/g, '/…')}` };
    const answer = await withBearerToken(tokens, (token) => {
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
      if (body !== undefined) headers['content-type'] = 'application/json';
      return http.send({ ...where, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    });
    if (answer.status === 404 && method === 'GET') return { status: 404, data: null };
    if (!schema) {
      if (answer.status < 200 || answer.status >= 300) throw apiPixErrors.refused(where, answer);
      return { status: answer.status, data: null };
    }
    return { status: answer.status, data: http.read(where, answer, schema) };
  }

  const seg = encodeURIComponent;
  const required = <T>(data: T | null, where: string): T => {
    if (data === null) throw new ApiPixError('malformed', `API Pix ${where} answered no body`);
    return data;
  };

  return {
    putCob: async (txid, body) => required((await call('PUT', `/cob/${seg(txid)}`, cobSchema, body)).data, 'PUT /cob'),
    getCob: async (txid) => (await call('GET', `/cob/${seg(txid)}`, cobSchema)).data,
    putDevolucao: async (e2eid, id, valor) =>
      required((await call('PUT', `/pix/${seg(e2eid)}/devolucao/${seg(id)}`, devolucaoSchema, { valor })).data, 'PUT /devolucao'),
    getDevolucao: async (e2eid, id) => (await call('GET', `/pix/${seg(e2eid)}/devolucao/${seg(id)}`, devolucaoSchema)).data,
    putWebhook: async (chave, webhookUrl) => {
      await call('PUT', `/webhook/${seg(chave)}`, null, { webhookUrl });
    },
    getWebhook: async (chave) => (await call('GET', `/webhook/${seg(chave)}`, webhookSchema)).data?.webhookUrl ?? null,
    postLocRec: async () => required((await call('POST', '/locrec', locRecSchema)).data, 'POST /locrec'),
    postRec: async (body) => required((await call('POST', '/rec', recSchema, body)).data, 'POST /rec'),
    getRec: async (idRec, txid) =>
      (await call('GET', `/rec/${seg(idRec)}${txid === undefined ? '' : `?txid=${seg(txid)}`}`, recSchema)).data,
    cancelRec: async (idRec) =>
      required((await call('PATCH', `/rec/${seg(idRec)}`, recSchema, { status: 'CANCELADA' })).data, 'PATCH /rec'),
    putCobr: async (txid, body) => required((await call('PUT', `/cobr/${seg(txid)}`, cobrSchema, body)).data, 'PUT /cobr'),
    getCobr: async (txid) => (await call('GET', `/cobr/${seg(txid)}`, cobrSchema)).data,
    retryCobr: async (txid, data) =>
      required((await call('POST', `/cobr/${seg(txid)}/retentativa/${seg(data)}`, cobrSchema)).data, 'POST /cobr/retentativa'),
    putRecurrenceWebhooks: async (webhookUrl) => {
      await call('PUT', '/webhookrec', null, { webhookUrl });
      await call('PUT', '/webhookcobr', null, { webhookUrl });
    },
  };
}
