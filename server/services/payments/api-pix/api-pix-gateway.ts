import type { ApiPixConfig } from './settings';
import type { Clock } from '../../clock';
import type {
  GatewayEvent,
  GatewayPaymentState,
  Payer,
  PaymentGateway,
  PixCharge,
  PixGateway,
  RefundResult,
  WebhookReading,
} from '../gateway';
import { pixQrImage } from '../pix/qr-image';
import { outageAsUnavailable } from '../provider-kit/outage';
import { createApiPixClient, type ApiPixClient } from './api-client';
import type { PixRecurrences } from '../recurrences';
import { createApiPixRecurrences, firstDistinct, type ImmediateCharge } from './api-pix-recurrences';
import type { Recebedor } from './recurrence-schemas';
import { isApiPixError } from './errors';
import { devolucaoIdOf, paymentIdOf, txidOf } from './ids';
import { centsToValor, valorToCents } from './money';
import { pixWebhookSchema, type Cob, type Devedor, type Devolucao } from './schemas';

export const API_PIX = 'api-pix';

export type ApiPixGateway = PixGateway & { readonly client: ApiPixClient; readonly recurrences: PixRecurrences };

export const isApiPixGateway = (gateway: PaymentGateway): gateway is ApiPixGateway => gateway.name === API_PIX && 'client' in gateway;

export interface ApiPixGatewayOptions {
  config: ApiPixConfig;
  /** PIX_KEY: the key charges go to when the campaign names none of its own. */
  pixKey: string;
  clock: Clock;
  client?: ApiPixClient;
  /** The NGO's account that Pix Automático debits are paid into (the spec's `recebedor`); null when none is approved. */
  receiver?: () => Promise<Recebedor | null>;
}

/**
 * Distinct txids of one `/pix` notice that are read back: a bank posts one PIX a notice, a few when it batches;
 * a body listing more leaves the rest to the periodic look-up, which asks about every open payment anyway.
 */
export const PIX_NOTICE_READ_BACKS = 50;

/**
 * The NGO's own bank behind PaymentGateway, through the Central Bank's API Pix (docs/payments.md, "PIX from
 * your bank"). A charge is `PUT /cob/{txid}` with a txid made from our payment id, so a retry after a crash
 * asks for the same charge. The bank's webhook carries no signature: it is a hint, and the charge is read
 * back (`GET /cob/{txid}`) before anything is recorded, as the periodic look-up does.
 */
export function createApiPixGateway(options: ApiPixGatewayOptions): ApiPixGateway {
  const api = options.client ?? createApiPixClient(options.config, { clock: options.clock });

  /**
   * `GET /cob/{txid}` for a notice, one at a time per txid in this process: notices arriving together (or one
   * notice repeated) share the read-back in flight instead of each asking the bank.
   */
  const inFlight = new Map<string, Promise<Cob | null>>();
  function readBack(txid: string): Promise<Cob | null> {
    const pending = inFlight.get(txid);
    if (pending) return pending;
    const reading = api.getCob(txid).finally(() => inFlight.delete(txid));
    inFlight.set(txid, reading);
    return reading;
  }

  /** `PUT /cob/{txid}` for one of our payments (or a subscription's first month), asked again after a crash as the same charge. */
  async function putCharge(input: ImmediateCharge): Promise<{ txid: string; brCode: string; expiresAt: Date }> {
    const txid = txidOf(input.chargeId);
    const expiracao = Math.max(60, Math.round((input.expiresAt.getTime() - options.clock.now().getTime()) / 1000));
    const devedor = devedorOf(input.payer);
    const body = {
      calendario: { expiracao },
      ...(devedor ? { devedor } : {}),
      // modalidadeAlteracao 0: the payer's bank may not change the amount.
      valor: { original: centsToValor(input.amountCents), modalidadeAlteracao: 0 as const },
      chave: input.pixKey ?? options.pixKey,
      solicitacaoPagador: input.description.slice(0, 140),
    };
    const cob = await outageAsUnavailable(async () => {
      try {
        return await api.putCob(txid, body);
      } catch (error) {
        // The charge may exist already (our request reached the bank before a crash): it is the same one.
        if (!isApiPixError(error) || error.retryable) throw error;
        const made = await api.getCob(txid);
        if (made && made.valor.original === body.valor.original) return made;
        throw error;
      }
    });
    const brCode = cob.pixCopiaECola;
    if (!brCode) throw new Error(`API Pix answered charge ${txid} without its pixCopiaECola (the bank follows a spec before 2.0?)`);
    const { criacao, expiracao: seconds } = cob.calendario;
    return { txid: cob.txid, brCode, expiresAt: criacao ? new Date(new Date(criacao).getTime() + seconds * 1000) : input.expiresAt };
  }

  return {
    name: API_PIX,
    client: api,
    recurrences: createApiPixRecurrences({
      api,
      clock: options.clock,
      putCharge: (input) => putCharge(input),
      receiver: options.receiver ?? (() => Promise.resolve(null)),
    }),

    async createPixCharge({ idempotencyKey, amountCents, description, expiresAt, pixKey, payer }): Promise<PixCharge> {
      const cob = await putCharge({ chargeId: idempotencyKey, amountCents, description, expiresAt, pixKey, payer });
      return { gatewayRef: cob.txid, txid: cob.txid, brCode: cob.brCode, qrCode: await pixQrImage(cob.brCode), expiresAt: cob.expiresAt };
    },

    async lookup(idempotencyKey): Promise<GatewayPaymentState | null> {
      const cob = await api.getCob(txidOf(idempotencyKey));
      return cob ? stateOf(cob) : null;
    },

    async refund({ idempotencyKey, gatewayRef, amountCents }): Promise<RefundResult> {
      const id = devolucaoIdOf(idempotencyKey);
      const cob = await api.getCob(gatewayRef);
      const e2eid = cob?.pix?.[0]?.endToEndId;
      if (!e2eid) return { gatewayRef: null, status: 'failed', failureCode: 'refund.payment_unknown' };
      try {
        // Asked before: its status now (the refunds job follows it until DEVOLVIDO or NAO_REALIZADO).
        const devolucao = (await api.getDevolucao(e2eid, id)) ?? (await api.putDevolucao(e2eid, id, centsToValor(amountCents)));
        return refundResultOf(devolucao);
      } catch (error) {
        if (!isApiPixError(error) || error.retryable || error.status === null) throw error;
        const received = (cob.pix ?? []).reduce((sum, pix) => sum + valorToCents(pix.valor), 0);
        return { gatewayRef: null, status: 'failed', failureCode: amountCents > received ? 'refund.exceeds_captured' : 'refund.failed' };
      }
    },

    async readWebhook({ rawBody }): Promise<WebhookReading> {
      const body = parseWebhook(rawBody);
      if (!body) return { kind: 'forged' };
      // Unsigned: only the txids are taken from it, each once, and each charge is read back from the bank.
      const txids = firstDistinct(
        body.pix.flatMap((hint) => (hint.txid && paymentIdOf(hint.txid) ? [hint.txid] : [])),
        PIX_NOTICE_READ_BACKS,
      );
      for (const txid of txids) {
        const cob = await readBack(txid);
        const event = cob ? eventOf(cob, paymentIdOf(txid) as string, options.clock.now()) : null;
        // One PIX a delivery in practice; a batch of several goes on through the periodic look-up.
        if (event) return { kind: 'event', event };
      }
      return { kind: 'noted' };
    },
  };
}

/** The bank down, slow or answering 5xx while the donor waits: 503 to the donor (provider-outage.ts). */

/** The spec's `devedor` needs a CPF or CNPJ with the name; a donor who gave neither document is left out. */
export function devedorOf(payer: Payer | null | undefined): Devedor | undefined {
  if (!payer?.document) return undefined;
  const nome = payer.name.trim().slice(0, 200);
  return payer.document.type === 'CPF' ? { cpf: payer.document.number, nome } : { cnpj: payer.document.number, nome };
}

/**
 * The charge in our terms. A CONCLUIDA charge is paid: `amountCents` is what we charged and `paidCents`
 * what its PIX brought in, which the settlement compares before recording anything.
 */
export function stateOf(cob: Cob): GatewayPaymentState {
  const amountCents = valorToCents(cob.valor.original);
  const received = cob.pix ?? [];
  switch (cob.status) {
    case 'CONCLUIDA':
      return {
        gatewayRef: cob.txid,
        kind: 'pix',
        status: received.length > 0 ? 'succeeded' : 'pending',
        amountCents,
        ...(received.length > 0 ? { paidCents: received.reduce((sum, pix) => sum + valorToCents(pix.valor), 0) } : {}),
      };
    case 'ATIVA':
      return { gatewayRef: cob.txid, kind: 'pix', status: 'pending', amountCents };
    default:
      // Removed by us or by the bank (expired unpaid): no longer payable.
      return { gatewayRef: cob.txid, kind: 'pix', status: 'expired', amountCents };
  }
}

function eventOf(cob: Cob, paymentId: string, now: Date): GatewayEvent | null {
  const state = stateOf(cob);
  if (state.status !== 'succeeded') return null;
  const endToEndId = cob.pix?.[0]?.endToEndId ?? cob.txid;
  return {
    // The Central Bank's id of the PIX: the same PIX announced twice is one event.
    id: `api-pix:${endToEndId}`,
    type: 'payment.succeeded',
    idempotencyKey: paymentId,
    gatewayRef: cob.txid,
    amountCents: state.amountCents,
    ...(state.paidCents === undefined ? {} : { paidCents: state.paidCents }),
    occurredAt: now,
  };
}

function refundResultOf(devolucao: Devolucao): RefundResult {
  const gatewayRef = devolucao.rtrId ?? devolucao.id;
  if (devolucao.status === 'DEVOLVIDO') return { gatewayRef, status: 'succeeded' };
  if (devolucao.status === 'EM_PROCESSAMENTO') return { gatewayRef, status: 'processing' };
  return { gatewayRef, status: 'failed', failureCode: 'refund.not_done' };
}

function parseWebhook(rawBody: Buffer) {
  try {
    const parsed = pixWebhookSchema.safeParse(JSON.parse(rawBody.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
