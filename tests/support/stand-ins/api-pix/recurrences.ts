import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { crc16ccitt } from '../../../../server/services/payments/pix/br-code';
import type { z } from 'zod';
import { OPERATIONS, type ApiPixOperation, type cobRSolicitada, type recSolicitada } from './request-schemas';
import type { Violacao } from './rules';

/**
 * Pix Automático in the stand-in (bacen/pix-api 2.9.0): recurrences and their locations, the monthly
 * recurring charges, retries of a failed debit, and the two webhooks. Each request is held to the spec's
 * schemas first (request-schemas.ts), then to the bank's and the Pix Automático regulation's rules: a charge is sent between 10 and 2 days before its due date, one per
 * recurrence and month, on an approved recurrence, for the recurrence's fixed amount; a retry only where
 * the recurrence allows it (up to three, within seven days of the due date), never while a debit is pending.
 */

type Periodicidade = 'SEMANAL' | 'MENSAL' | 'TRIMESTRAL' | 'SEMESTRAL' | 'ANUAL';
export const MAX_RETRIES = 3;

export interface StoredRec {
  idRec: string;
  status: 'CRIADA' | 'APROVADA' | 'REJEITADA' | 'EXPIRADA' | 'CANCELADA';
  vinculo: { contrato: string; objeto?: string; devedor: { cpf?: string; cnpj?: string; nome: string } };
  calendario: { dataInicial: string; dataFinal?: string; periodicidade: Periodicidade };
  valor: { valorRec?: string; valorMinimoRecebedor?: string };
  politicaRetentativa: 'NAO_PERMITE' | 'PERMITE_3R_7D';
  recebedor: { cnpj: string; nome: string };
  loc?: { id: number; location: string; criacao: string; idRec: string };
  dadosQR?: { jornada: 'JORNADA_2' | 'JORNADA_3'; pixCopiaECola: string };
  /** Journey 3: the immediate charge the donor pays with the authorisation. */
  ativacao?: { tipoJornada: 'JORNADA_3' | 'AGUARDANDO_DEFINICAO'; dadosJornada?: { txid: string } };
  encerramento?: { cancelamento: { solicitante: string; codigo: string; descricao: string } };
  atualizacao: { data: string; status: string }[];
}

interface Tentativa {
  dataLiquidacao: string;
  tipo: 'AGND' | 'NTAG';
  endToEndId: string;
  status: 'SOLICITADA' | 'AGENDADA' | 'PAGA' | 'CANCELADA' | 'REJEITADA' | 'EXPIRADA';
}

export interface StoredCobr {
  idRec: string;
  txid: string;
  status: 'CRIADA' | 'ATIVA' | 'CONCLUIDA' | 'EXPIRADA' | 'REJEITADA' | 'CANCELADA';
  calendario: { criacao: string; dataDeVencimento: string };
  valor: { original: string };
  politicaRetentativa: StoredRec['politicaRetentativa'];
  ajusteDiaUtil: boolean;
  recebedor: { conta: string; tipoConta: string; agencia?: string };
  tentativas: Tentativa[];
  atualizacao: { data: string; status: string }[];
}

export interface RecurrenceTools {
  send(res: ServerResponse, status: number, body?: unknown): void;
  problem(res: ServerResponse, status: number, name: string, detail: string, violacoes?: Violacao[]): void;
  /** Answers the spec's 400 when the request breaks `op`'s schema (request-schemas.ts); true when it did. */
  malformed(
    res: ServerResponse,
    op: ApiPixOperation,
    request: { params?: Record<string, string>; body: unknown; contentType?: string },
  ): boolean;
  now(): Date;
  host(): string;
  /** The location and amount of an immediate charge (/cob) kept by the stand-in, for the combined QR of journey 3. */
  cobOf(txid: string): { location: string; valor: string } | undefined;
  /** The receiver's own account at this bank: a debit's `recebedor` must name it. */
  receiverAccount: ReceiverAccount;
}

/** The receiver's account as the bank keeps it: its `recebedor` must name this `conta` (and `agencia`, when given). */
export interface ReceiverAccount {
  conta: string;
  agencia: string;
}

/**
 * The bank's own check of a debit's `recebedor` (its shape, DadosBancariosRecebedor, is request-schemas.ts'):
 * an account of this receiver.
 */
function ownAccountViolations(recebedor: { conta: string; agencia?: string }, own: ReceiverAccount): Violacao[] {
  if (recebedor.conta === own.conta && (recebedor.agencia === undefined || recebedor.agencia === own.agencia)) return [];
  return [
    {
      razao: 'Os campos cobr.recebedor.conta e cobr.recebedor.agencia correspondem a uma conta que não pertence a este usuário recebedor.',
      propriedade: 'cobr.recebedor',
    },
  ];
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
const alnum = (length: number) =>
  [...randomBytes(length)].map((b) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'[b % 62]).join('');

/**
 * The BR Code of a recurrence's QR: the recurrence's location under field 80 (journey 2); with journey 3, a
 * whole dynamic BR Code of the immediate charge (field 26, its amount, CRC) carrying field 80 too: one QR
 * that pays the first month and authorises the recurrence.
 */
function recurrenceBrCode(location: string, cob?: { location: string; valor: string }): string {
  const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;
  const rec = field('80', field('00', 'br.gov.bcb.pix') + field('25', location));
  if (!cob) return field('00', '01') + rec + field('58', 'BR') + field('59', 'SEMEAR DOACOES');
  const body =
    field('00', '01') +
    field('01', '12') +
    field('26', field('00', 'br.gov.bcb.pix') + field('25', cob.location)) +
    field('52', '0000') +
    field('53', '986') +
    field('54', cob.valor) +
    field('58', 'BR') +
    field('59', 'SEMEAR DOACOES') +
    field('60', 'SAO PAULO') +
    field('62', field('05', '***')) +
    rec +
    '6304';
  return body + crc16ccitt(body);
}

/** A POST /rec body the spec's RecSolicitada accepted. */
type RecBody = z.infer<typeof recSolicitada>;
/** A PUT /cobr body the spec's CobRSolicitada accepted. */
type CobrBody = z.infer<typeof cobRSolicitada>;

/**
 * The bank's rules on a recurrence the spec's RecSolicitada already accepts: it starts from today on, and has an
 * amount, fixed (`valorRec`) or variable (`valorMinimoRecebedor`), one of the two.
 */
export function recViolations(body: RecBody, today: string): Violacao[] {
  const out: Violacao[] = [];
  if (body.calendario.dataInicial < today)
    out.push({ razao: 'dataInicial is a date from today on', propriedade: 'rec.calendario.dataInicial' });
  if ((body.valor?.valorRec === undefined) === (body.valor?.valorMinimoRecebedor === undefined))
    out.push({ razao: 'valorRec or valorMinimoRecebedor, one of the two', propriedade: 'rec.valor' });
  return out;
}

/** The bank's and the regulation's rules on a debit the spec's CobRSolicitada already accepts. */
export function cobrViolations(body: CobrBody, rec: StoredRec | undefined, today: string, own: ReceiverAccount): Violacao[] {
  const out = ownAccountViolations(body.recebedor, own);
  if (!rec) return [...out, { razao: 'idRec names no recurrence of this receiver', propriedade: 'cobr.idRec' }];
  if (rec.status !== 'APROVADA') out.push({ razao: `the recurrence is ${rec.status}, not APROVADA`, propriedade: 'cobr.idRec' });
  const due = body.calendario.dataDeVencimento;
  const ahead = daysBetween(today, due);
  if (ahead < 2 || ahead > 10)
    out.push({ razao: 'a recurring charge is sent 2 to 10 days before its due date', propriedade: 'cobr.calendario.dataDeVencimento' });
  if (due < rec.calendario.dataInicial)
    out.push({ razao: 'due before the recurrence starts', propriedade: 'cobr.calendario.dataDeVencimento' });
  if (rec.valor.valorRec !== undefined && body.valor.original !== rec.valor.valorRec)
    out.push({ razao: `the recurrence's fixed amount is ${rec.valor.valorRec}`, propriedade: 'cobr.valor.original' });
  return out;
}

/** The recurrence routes; false when the path is not one of them. */
export function recurrenceRoutes(tools: RecurrenceTools) {
  const recs = new Map<string, StoredRec>();
  const locs = new Map<number, StoredRec['loc'] & object>();
  const cobrs = new Map<string, StoredCobr>();
  const webhooks: { rec?: string; cobr?: string } = {};
  let nextLoc = 1000;
  const today = () => dayOf(tools.now());
  const stamp = () => tools.now().toISOString();
  const setRecStatus = (rec: StoredRec, status: StoredRec['status']) => {
    rec.status = status;
    rec.atualizacao.push({ data: stamp(), status });
  };
  const setCobrStatus = (cobr: StoredCobr, status: StoredCobr['status']) => {
    cobr.status = status;
    cobr.atualizacao.push({ data: stamp(), status });
  };
  const endToEndId = () => `E00000000${tools.now().toISOString().replace(/\D/g, '').slice(0, 12)}${alnum(11)}`;

  /** `needs` answers 403 and says false when the caller's token lacks the scope. */
  function handle(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    request: { body: unknown; contentType?: string },
    needs: (scope: string) => boolean,
    query: URLSearchParams = new URLSearchParams(),
  ): boolean {
    const { send, problem } = tools;
    const { body } = request;
    /** The spec's 400 for a request breaking `op`'s schema; true when it was answered so. */
    const malformed = (op: ApiPixOperation, params?: Record<string, string>) => tools.malformed(res, op, { ...request, params });
    let m: RegExpExecArray | null;
    if (path === '/locrec' && req.method === 'POST') {
      if (!needs('payloadlocationrec.write')) return true;
      const id = nextLoc++;
      const loc = { id, location: `${tools.host()}/qr/v2/rec/${randomBytes(16).toString('hex')}`, criacao: stamp(), idRec: '' };
      locs.set(id, loc);
      send(res, 201, { id, location: loc.location, criacao: loc.criacao });
      return true;
    }
    if (path === '/rec' && req.method === 'POST') {
      if (!needs('rec.write') || malformed(OPERATIONS.postRec)) return true;
      const b = body as RecBody;
      const violacoes = recViolations(b, today());
      const loc = b.loc === undefined ? undefined : locs.get(b.loc);
      if (b.loc !== undefined && (!loc || loc.idRec !== ''))
        violacoes.push({ razao: 'loc is unknown or already used', propriedade: 'rec.loc' });
      const journeyTxid = b.ativacao?.dadosJornada?.txid;
      if (journeyTxid !== undefined && !tools.cobOf(journeyTxid))
        violacoes.push({ razao: 'ativacao.dadosJornada.txid names no immediate charge', propriedade: 'rec.ativacao.dadosJornada.txid' });
      if (violacoes.length > 0) {
        problem(res, 400, 'RecOperacaoInvalida', 'invalid recurrence', violacoes);
        return true;
      }
      const retries = b.politicaRetentativa === 'PERMITE_3R_7D' ? 'R' : 'N';
      const idRec = `R${retries}00000000${today().replaceAll('-', '')}${alnum(11)}`;
      const rec: StoredRec = {
        idRec,
        status: 'CRIADA',
        vinculo: b.vinculo,
        calendario: b.calendario,
        valor: b.valor ?? {},
        politicaRetentativa: b.politicaRetentativa,
        recebedor: { cnpj: '11222333000181', nome: 'Semear Doações' },
        atualizacao: [{ data: stamp(), status: 'CRIADA' }],
        ativacao: typeof journeyTxid === 'string' ? { tipoJornada: 'JORNADA_3', dadosJornada: { txid: journeyTxid } } : undefined,
      };
      if (loc) {
        loc.idRec = idRec;
        rec.loc = loc;
        rec.dadosQR = { jornada: 'JORNADA_2', pixCopiaECola: recurrenceBrCode(loc.location) };
      }
      recs.set(idRec, rec);
      send(res, 201, rec);
      return true;
    }
    if ((m = /^\/rec\/([^/]+)$/.exec(path))) {
      const rec = recs.get(decodeURIComponent(m[1] as string));
      if (req.method === 'GET') {
        if (!needs('rec.read')) return true;
        if (!rec) {
          problem(res, 404, 'RecNaoEncontrada', 'no such recurrence');
          return true;
        }
        // GET /rec/{idRec}?txid=: the combined QR of journey 3, for the immediate charge the recurrence names.
        const txid = query.get('txid');
        if (txid === null) send(res, 200, rec);
        else if (txid !== rec.ativacao?.dadosJornada?.txid || !rec.loc)
          problem(res, 400, 'RecConsultaInvalida', 'txid is not the immediate charge of this recurrence', [
            { razao: 'txid corresponds to another immediate charge', propriedade: 'txid' },
          ]);
        else
          send(res, 200, {
            ...rec,
            dadosQR: { jornada: 'JORNADA_3', pixCopiaECola: recurrenceBrCode(rec.loc.location, tools.cobOf(txid)) },
          });
        return true;
      }
      if (req.method !== 'PATCH' || !needs('rec.write') || malformed(OPERATIONS.patchRec)) return req.method === 'PATCH';
      if (!rec) {
        problem(res, 404, 'RecNaoEncontrada', 'no such recurrence');
        return true;
      }
      if ((body as { status?: string } | undefined)?.status !== 'CANCELADA' || (rec.status !== 'CRIADA' && rec.status !== 'APROVADA')) {
        problem(res, 400, 'RecOperacaoInvalida', `a ${rec.status} recurrence cannot be revised so`, [
          { razao: 'status may only become CANCELADA, from CRIADA or APROVADA', propriedade: 'rec.status' },
        ]);
        return true;
      }
      rec.encerramento = { cancelamento: { solicitante: 'USUARIO_RECEBEDOR', codigo: 'SLCR', descricao: 'Cancelada pelo recebedor' } };
      setRecStatus(rec, 'CANCELADA');
      send(res, 200, rec);
      return true;
    }
    if ((m = /^\/cobr\/([^/]+)\/retentativa\/([^/]+)$/.exec(path)) && req.method === 'POST') {
      const [txid, data] = [decodeURIComponent(m[1] as string), decodeURIComponent(m[2] as string)];
      if (!needs('cobr.write') || malformed(OPERATIONS.retryCobr, { txid, data })) return true;
      const cobr = cobrs.get(txid);
      if (!cobr) {
        problem(res, 404, 'CobRNaoEncontrado', 'no such recurring charge');
        return true;
      }
      const violacoes: Violacao[] = [];
      if (cobr.politicaRetentativa !== 'PERMITE_3R_7D')
        violacoes.push({ razao: 'the recurrence allows no retry', propriedade: 'politicaRetentativa' });
      if (cobr.tentativas.some((t) => t.status === 'SOLICITADA' || t.status === 'AGENDADA'))
        violacoes.push({ razao: 'a debit is still pending', propriedade: 'tentativas' });
      if (data <= today()) violacoes.push({ razao: 'data is a future date', propriedade: 'data' });
      else if (daysBetween(cobr.calendario.dataDeVencimento, data) > 7)
        violacoes.push({ razao: 'retries fall within 7 days of the due date', propriedade: 'data' });
      if (cobr.tentativas.filter((t) => t.tipo === 'NTAG').length >= MAX_RETRIES)
        violacoes.push({ razao: `no more than ${MAX_RETRIES} retries`, propriedade: 'tentativas' });
      if (cobr.status !== 'ATIVA') violacoes.push({ razao: `the charge is ${cobr.status}`, propriedade: 'status' });
      if (violacoes.length > 0) {
        problem(res, 400, 'CobROperacaoInvalida', 'retry refused', violacoes);
        return true;
      }
      cobr.tentativas.push({ dataLiquidacao: data, tipo: 'NTAG', endToEndId: endToEndId(), status: 'AGENDADA' });
      send(res, 201, cobr);
      return true;
    }
    if ((m = /^\/cobr\/([^/]+)$/.exec(path))) {
      const txid = decodeURIComponent(m[1] as string);
      if (req.method === 'GET') {
        if (!needs('cobr.read') || malformed(OPERATIONS.getCobr, { txid })) return true;
        const cobr = cobrs.get(txid);
        if (cobr) send(res, 200, cobr);
        else problem(res, 404, 'CobRNaoEncontrado', 'no such recurring charge');
        return true;
      }
      if (req.method !== 'PUT') return false;
      if (!needs('cobr.write') || malformed(OPERATIONS.putCobr, { txid })) return true;
      const b = body as CobrBody;
      const idRec = b.idRec;
      const rec = recs.get(idRec);
      const violacoes = cobrViolations(b, rec, today(), tools.receiverAccount);
      if (cobrs.has(txid)) violacoes.push({ razao: `txid ${txid} is already in use`, propriedade: 'cobr.txid' });
      const due = b.calendario.dataDeVencimento;
      const sameCycle = [...cobrs.values()].some(
        (c) =>
          c.idRec === idRec &&
          c.status !== 'REJEITADA' &&
          c.status !== 'CANCELADA' &&
          c.calendario.dataDeVencimento.slice(0, 7) === due.slice(0, 7),
      );
      if (sameCycle)
        violacoes.push({ razao: 'this recurrence already has a charge in that cycle', propriedade: 'cobr.calendario.dataDeVencimento' });
      if (violacoes.length > 0 || !rec) {
        problem(res, 400, 'CobROperacaoInvalida', 'invalid recurring charge', violacoes);
        return true;
      }
      const cobr: StoredCobr = {
        idRec: rec.idRec,
        txid,
        status: 'ATIVA',
        calendario: { criacao: today(), dataDeVencimento: due },
        valor: { original: b.valor.original },
        politicaRetentativa: rec.politicaRetentativa,
        ajusteDiaUtil: b.ajusteDiaUtil,
        recebedor: b.recebedor,
        tentativas: [{ dataLiquidacao: due, tipo: 'AGND', endToEndId: endToEndId(), status: 'AGENDADA' }],
        atualizacao: [
          { data: stamp(), status: 'CRIADA' },
          { data: stamp(), status: 'ATIVA' },
        ],
      };
      cobrs.set(txid, cobr);
      send(res, 201, cobr);
      return true;
    }
    if ((path === '/webhookrec' || path === '/webhookcobr') && req.method === 'PUT') {
      const rec = path === '/webhookrec';
      if (!needs(`${path.slice(1)}.write`) || malformed(rec ? OPERATIONS.putWebhookRec : OPERATIONS.putWebhookCobR)) return true;
      webhooks[rec ? 'rec' : 'cobr'] = (body as { webhookUrl: string }).webhookUrl;
      send(res, 200);
      return true;
    }
    return false;
  }

  async function post(url: string | undefined, suffix: string, payload: unknown): Promise<number> {
    if (!url) throw new Error(`no webhook registered for ${suffix}`);
    const response = await fetch(`${url}/${suffix}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    return response.status;
  }
  const rec = (idRec: string) => {
    const found = recs.get(idRec);
    if (!found) throw new Error(`no recurrence ${idRec}`);
    return found;
  };
  const cobr = (txid: string) => {
    const found = cobrs.get(txid);
    if (!found) throw new Error(`no recurring charge ${txid}`);
    return found;
  };

  const control = {
    recs,
    cobrs,
    recurrenceWebhooks: webhooks,
    /** The donor authorises the recurrence in their bank app. */
    approveRec(idRec: string) {
      const found = rec(idRec);
      if (found.status !== 'CRIADA') throw new Error(`recurrence ${idRec} is ${found.status}`);
      setRecStatus(found, 'APROVADA');
    },
    /** The recurrence whose first month (journey 3) is the immediate charge `txid`. */
    recOfJourney(txid: string): StoredRec | undefined {
      return [...recs.values()].find((r) => r.ativacao?.dadosJornada?.txid === txid);
    },
    /** The donor cancels the recurrence in their bank app. */
    cancelRecByPayer(idRec: string) {
      const found = rec(idRec);
      found.encerramento = { cancelamento: { solicitante: 'USUARIO_PAGADOR', codigo: 'ACCL', descricao: 'Cancelada pelo pagador' } };
      setRecStatus(found, 'CANCELADA');
    },
    /** The donor's bank tries the pending debit: paid, or refused (no funds); a refusal with no retry left expires the charge. */
    debit(txid: string, outcome: 'paid' | 'refused') {
      const found = cobr(txid);
      const pending = found.tentativas.find((t) => t.status === 'AGENDADA' || t.status === 'SOLICITADA');
      if (!pending) throw new Error(`charge ${txid} has no pending debit`);
      if (outcome === 'paid') {
        pending.status = 'PAGA';
        setCobrStatus(found, 'CONCLUIDA');
        return;
      }
      pending.status = 'REJEITADA';
      const retriesLeft =
        found.politicaRetentativa === 'PERMITE_3R_7D' && found.tentativas.filter((t) => t.tipo === 'NTAG').length < MAX_RETRIES;
      if (!retriesLeft) setCobrStatus(found, 'EXPIRADA');
    },
    /** Posts the recurrence's news to `{webhookrec}/rec`. */
    sendRecWebhook: (idRec: string) => {
      const found = rec(idRec);
      return post(webhooks.rec, 'rec', { recs: [{ idRec, status: found.status, atualizacao: found.atualizacao }] });
    },
    /** Posts the charge's news to `{webhookcobr}/cobr`. */
    sendCobrWebhook: (txid: string) => {
      const found = cobr(txid);
      return post(webhooks.cobr, 'cobr', {
        cobsr: [{ idRec: found.idRec, txid, status: found.status, atualizacao: found.atualizacao, tentativas: found.tentativas }],
      });
    },
  };
  return { handle, control };
}
