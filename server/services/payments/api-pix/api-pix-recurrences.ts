import { saoPauloDateOf } from '../../../../contracts/sao-paulo-time';
import type { Clock } from '../../clock';
import type { DebitState, PixRecurrences, RecurrenceState } from '../recurrences';
import type { ApiPixClient } from './api-client';
import type { Payer } from '../gateway';
import { isApiPixError } from './errors';
import { paymentIdOf, txidOf } from './ids';
import { centsToValor, valorToCents } from './money';
import { cobrWebhookSchema, recWebhookSchema, type Cobr, type Rec } from './recurrence-schemas';

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

    async scheduleDebit({ chargeId, recurrenceId, amountCents, dueOn }) {
      const txid = txidOf(chargeId);
      const body = {
        idRec: recurrenceId,
        calendario: { dataDeVencimento: dayOf(dueOn) },
        valor: { original: centsToValor(amountCents) },
        // The due date is ours (the billing day); the donor's bank debits on it, business day or not.
        ajusteDiaUtil: false,
      };
      try {
        await api.putCobr(txid, body);
      } catch (error) {
        // Sent before a crash: the bank keeps it under our txid, the same charge.
        if (!isApiPixError(error) || error.retryable || !(await api.getCobr(txid))) throw error;
      }
    },

    async debit(chargeId) {
      const cobr = await api.getCobr(txidOf(chargeId));
      return cobr ? debitStateOf(cobr) : null;
    },

    async retryDebit(chargeId, on) {
      await api.retryCobr(txidOf(chargeId), dayOf(on));
    },

    // At most WEBHOOK_IDS ids a delivery are read back: a body of thousands would cost as many calls to the bank.
    readWebhook(topic, rawBody) {
      const json = parseJson(rawBody);
      if (topic === 'rec') {
        const parsed = recWebhookSchema.safeParse(json);
        return parsed.success ? { recurrenceIds: parsed.data.recs.slice(0, WEBHOOK_IDS).map((r) => r.idRec), chargeIds: [] } : null;
      }
      const parsed = cobrWebhookSchema.safeParse(json);
      if (!parsed.success) return null;
      const chargeIds = parsed.data.cobsr
        .slice(0, WEBHOOK_IDS)
        .map((c) => paymentIdOf(c.txid))
        .filter((id): id is string => id !== null);
      return { recurrenceIds: [], chargeIds };
    },
  };
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

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
}
