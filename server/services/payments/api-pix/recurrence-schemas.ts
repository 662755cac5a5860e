import { z } from 'zod';
import type { Devedor } from './schemas';

/**
 * Pix Automático as the API Pix has it (bacen/pix-api 2.9.0): a recurrence (`/rec`) the donor authorises
 * once in their bank app, then one recurring charge (`/cobr`) per month that their bank debits on the due
 * date. Only the parts we read; anything else a bank adds is ignored.
 */

export const REC_STATUSES = ['CRIADA', 'APROVADA', 'REJEITADA', 'EXPIRADA', 'CANCELADA'] as const;
export type RecStatus = (typeof REC_STATUSES)[number];
export const COBR_STATUSES = ['CRIADA', 'ATIVA', 'CONCLUIDA', 'EXPIRADA', 'REJEITADA', 'CANCELADA'] as const;
export type CobrStatus = (typeof COBR_STATUSES)[number];
export const TENTATIVA_STATUSES = ['SOLICITADA', 'AGENDADA', 'PAGA', 'CANCELADA', 'REJEITADA', 'EXPIRADA'] as const;

/** Retries after a failed debit: up to three within seven days of the due date, or none. */
export type PoliticaRetentativa = 'NAO_PERMITE' | 'PERMITE_3R_7D';

/** The spec's ID Recorrência: 29 letters and digits, 'RR…' when retries are allowed, 'RN…' when not. */
export const REC_ID = /^[a-zA-Z0-9]{29}$/;

export const locRecSchema = z.object({ id: z.number().int(), location: z.string(), criacao: z.string().nullish() });
export type LocRec = z.infer<typeof locRecSchema>;

const cancelamentoSchema = z.object({ solicitante: z.string(), codigo: z.string(), descricao: z.string().nullish() }).passthrough();

export const recSchema = z.object({
  idRec: z.string().regex(REC_ID),
  status: z.enum(REC_STATUSES),
  valor: z.object({ valorRec: z.string().nullish(), valorMinimoRecebedor: z.string().nullish() }),
  calendario: z.object({ dataInicial: z.string(), dataFinal: z.string().nullish(), periodicidade: z.string() }),
  politicaRetentativa: z.string().nullish(),
  loc: locRecSchema.partial().nullish(),
  encerramento: z
    .object({ cancelamento: cancelamentoSchema.nullish(), rejeicao: z.object({ codigo: z.string() }).passthrough().nullish() })
    .nullish(),
  /** The QR code the donor scans to authorise (journey 2), once a location is linked. */
  dadosQR: z.object({ jornada: z.string().nullish(), pixCopiaECola: z.string().nullish() }).nullish(),
});
export type Rec = z.infer<typeof recSchema>;

export const tentativaSchema = z.object({
  dataLiquidacao: z.string(),
  tipo: z.string(),
  endToEndId: z.string().nullish(),
  status: z.enum(TENTATIVA_STATUSES),
});

export const cobrSchema = z.object({
  idRec: z.string(),
  txid: z.string(),
  status: z.enum(COBR_STATUSES),
  calendario: z.object({ dataDeVencimento: z.string(), criacao: z.string().nullish() }),
  valor: z.object({ original: z.string() }),
  politicaRetentativa: z.string().nullish(),
  tentativas: z.array(tentativaSchema).nullish(),
});
export type Cobr = z.infer<typeof cobrSchema>;

/** What the bank posts to `{webhookUrl}/rec` and `{webhookUrl}/cobr`: hints, each read back before anything is recorded. */
export const recWebhookSchema = z.object({ recs: z.array(z.object({ idRec: z.string() }).passthrough()) });
export const cobrWebhookSchema = z.object({ cobsr: z.array(z.object({ txid: z.string(), idRec: z.string().nullish() }).passthrough()) });

export interface RecRequest {
  vinculo: { contrato: string; objeto: string; devedor: Devedor };
  calendario: { dataInicial: string; periodicidade: 'MENSAL' };
  /** `valorRec`: a fixed amount; `valorMinimoRecebedor`: a variable one, with the floor of the limit the payer may set. */
  valor: { valorRec: string } | { valorMinimoRecebedor: string };
  politicaRetentativa: PoliticaRetentativa;
  loc: number;
  /** Journey 3: the immediate charge paid with the authorisation (the first month). */
  ativacao?: { dadosJornada: { txid: string } };
}

/**
 * The spec's DadosBancariosRecebedor: the account the debit is paid into, which the bank checks belongs to the
 * receiver. `conta` up to 20 characters, `agencia` up to 4, `tipoConta` one of the spec's three.
 */
export interface Recebedor {
  conta: string;
  tipoConta: 'CORRENTE' | 'POUPANCA' | 'PAGAMENTO';
  agencia?: string;
}

/** CobRSolicitada: `idRec`, `calendario`, `valor` and `recebedor` are required (bacen/pix-api 2.9.0). */
export interface CobrRequest {
  idRec: string;
  calendario: { dataDeVencimento: string };
  valor: { original: string };
  ajusteDiaUtil: boolean;
  recebedor: Recebedor;
  infoAdicional?: string;
}
