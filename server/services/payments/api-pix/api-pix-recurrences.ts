import { createHash } from 'node:crypto';
import { saoPauloDateOf } from '../../../../contracts/sao-paulo-time';
import type { Clock } from '../../clock';
import type { DebitState, PixRecurrences, RecurrenceState } from '../recurrences';
import type { ApiPixClient } from './api-client';
import type { Payer } from '../gateway';
import { isApiPixError } from './errors';
import { paymentIdOf, txidOf } from './ids';
import { centsToValor, valorToCents } from './money';
import { cobrWebhookSchema, recWebhookSchema, type Cobr, type Rec, type Recebedor } from './recurrence-schemas';

/** An immediate charge (`/cob`) named after `chargeId`: a payment's id, or a subscription charge's. */
export interface ImmediateCharge {
  chargeId: string;
  amountCents: number;
  description: string;
  expiresAt: Date;
  pixKey?: string;
  payer?: Payer | null;
}

/** A bank posts a few news at a time; anything beyond is left to the hourly look-up. */
const WEBHOOK_IDS = 50;

/** A calendar day in São Paulo as the spec writes dates (YYYY-MM-DD). */
export function dayOf(instant: Date): string {
  const { year, month, day } = saoPauloDateOf(instant);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Pix Automático through the API Pix (bacen/pix-api 2.9.0). The first month is an immediate charge paid
 * with the authorisation (journey 3: `PUT /cob`, `POST /locrec`, `POST /rec` naming both, then
 * `GET /rec/{idRec}?txid=` for the combined QR); each later month is a `PUT /cobr` sent before its due date
 * and debited by the donor's bank, with the bank's own retries (`PERMITE_3R_7D`) when a debit is refused.
 */
export function createApiPixRecurrences(deps: {
  api: ApiPixClient;
  clock: Clock;
  putCharge(input: ImmediateCharge): Promise<{ txid: string; brCode: string; expiresAt: Date }>;
  /** The NGO's account the monthly debits are paid into (the spec's `recebedor`); null when none is approved. */
  receiver(): Promise<Recebedor | null>;
}): PixRecurrences {
  const { api } = deps;
  return {
    async open({ chargeId, contract, amountCents, startsOn, expiresAt, payer, description }) {
      const cob = await deps.putCharge({ chargeId, amountCents, description, expiresAt, payer });
      const nome = payer.name.trim().slice(0, 140);
      const devedor = payer.document.type === 'CPF' ? { cpf: payer.document.number, nome } : { cnpj: payer.document.number, nome };
      const loc = await api.postLocRec();
      const rec = await api.postRec({
        vinculo: { contrato: contract.slice(0, 35), objeto: description.slice(0, 35), devedor },
        calendario: { dataInicial: dayOf(startsOn), periodicidade: 'MENSAL' },
        // A variable amount, so the donor can change it from their profile as with a card; the floor keeps any
        // limit they set in their bank app at least what they subscribed to.
        valor: { valorMinimoRecebedor: centsToValor(amountCents) },
        politicaRetentativa: 'PERMITE_3R_7D',
        loc: loc.id,
        ativacao: { dadosJornada: { txid: cob.txid } },
      });
      const combined = await api.getRec(rec.idRec, cob.txid);
      const brCode = combined?.dadosQR?.pixCopiaECola;
      if (!brCode) throw new Error(`API Pix answered recurrence ${rec.idRec} without the combined QR of charge ${cob.txid}`);
      return { recurrenceId: rec.idRec, brCode, expiresAt: cob.expiresAt };
    },

    async recurrence(recurrenceId) {
      const rec = await api.getRec(recurrenceId);
      return rec ? recurrenceStateOf(rec) : null;
    },

    async cancel(recurrenceId) {
      const rec = await api.getRec(recurrenceId);
      if (!rec || (rec.status !== 'CRIADA' && rec.status !== 'APROVADA')) return;
      await api.cancelRec(recurrenceId);
    },

    async scheduleDebit({ chargeId, recurrenceId, amountCents, dueOn, unlessRefused }) {
      const txid = txidOf(chargeId);
      const recebedor = await deps.receiver();
      const body = {
        idRec: recurrenceId,
        calendario: { dataDeVencimento: dayOf(dueOn) },
        valor: { original: centsToValor(amountCents) },
        // The due date is ours (the billing day); the donor's bank debits on it, business day or not.
        ajusteDiaUtil: false,
        recebedor,
      };
      const request = fingerprintOf(body);
      if (request === unlessRefused) return { status: 'unchanged' };
      // The spec requires the account the debit is paid into: without one there is nothing the bank would take.
      if (!recebedor) return { status: 'refused', request, reason: "no approved payout account to send as the debit's recebedor" };
      try {
        await api.putCobr(txid, { ...body, recebedor });
        return { status: 'sent' };
      } catch (error) {
        if (!isApiPixError(error) || error.retryable || error.kind !== 'api') throw error;
        // Sent before a crash: the bank keeps it under our txid, the same charge.
        if (await api.getCobr(txid)) return { status: 'sent' };
        return { status: 'refused', request, reason: error.message };
      }
    },

    async debit(chargeId) {
      const cobr = await api.getCobr(txidOf(chargeId));
      return cobr ? debitStateOf(cobr) : null;
    },

    async retryDebit(chargeId, on) {
      await api.retryCobr(txidOf(chargeId), dayOf(on));
    },

    // Each id once, and at most WEBHOOK_IDS of them a delivery: a body repeating or listing thousands would cost
    // as many calls to the bank (the hourly look-up still follows every open charge).
    readWebhook(topic, rawBody) {
      const json = parseJson(rawBody);
      if (topic === 'rec') {
        const parsed = recWebhookSchema.safeParse(json);
        return parsed.success
          ? {
              recurrenceIds: firstDistinct(
                parsed.data.recs.map((r) => r.idRec),
                WEBHOOK_IDS,
              ),
              chargeIds: [],
            }
          : null;
      }
      const parsed = cobrWebhookSchema.safeParse(json);
      if (!parsed.success) return null;
      const chargeIds = parsed.data.cobsr.map((c) => paymentIdOf(c.txid)).filter((id): id is string => id !== null);
      return { recurrenceIds: [], chargeIds: firstDistinct(chargeIds, WEBHOOK_IDS) };
    },
  };
}

/** The first `limit` distinct values, in the order given. */
export function firstDistinct(values: Iterable<string>, limit: number): string[] {
  const seen = new Set<string>();
  for (const value of values) {
    if (seen.size >= limit) break;
    seen.add(value);
  }
  return [...seen];
}

export function recurrenceStateOf(rec: Rec): RecurrenceState {
  switch (rec.status) {
    case 'CRIADA':
      return { status: 'awaiting' };
    case 'APROVADA':
      return { status: 'authorized' };
    case 'REJEITADA':
      return { status: 'ended', by: 'rejected' };
    case 'EXPIRADA':
      return { status: 'ended', by: 'expired' };
    case 'CANCELADA':
      return { status: 'ended', by: rec.encerramento?.cancelamento?.solicitante === 'USUARIO_RECEBEDOR' ? 'receiver' : 'payer' };
  }
}

/**
 * A month's debit in our terms. The charge stays ATIVA while the bank still has a try to make; each refused
 * try is a `tentativas` entry, and the retries we asked for are its NTAG entries.
 */
export function debitStateOf(cobr: Cobr): DebitState {
  const gatewayRef = cobr.txid;
  const tries = cobr.tentativas ?? [];
  const paid = tries.find((t) => t.status === 'PAGA');
  if (cobr.status === 'CONCLUIDA')
    return { status: 'paid', gatewayRef: paid?.endToEndId ?? gatewayRef, amountCents: valorToCents(cobr.valor.original) };
  if (cobr.status !== 'ATIVA' && cobr.status !== 'CRIADA') return { status: 'failed', gatewayRef };
  const pending = tries.some((t) => t.status === 'AGENDADA' || t.status === 'SOLICITADA');
  const retries = tries.filter((t) => t.tipo === 'NTAG').length;
  const refused = tries.some((t) => t.status === 'REJEITADA');
  if (!refused || (pending && retries === 0)) return { status: 'pending', gatewayRef };
  return { status: 'refused', gatewayRef, retries, retryPending: pending };
}

/** A debit request's fingerprint: the same body (recurrence, due date, amount, account) gives the same one. */
const fingerprintOf = (body: object): string => createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 32);

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
}
