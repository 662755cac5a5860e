import { z } from 'zod';

/** The parts of the API Pix's answers we read (bacen/pix-api); anything else a bank adds is ignored. */

export const COB_STATUSES = ['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP'] as const;
export const DEVOLUCAO_STATUSES = ['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO'] as const;

export const devolucaoSchema = z.object({
  id: z.string(),
  rtrId: z.string().nullish(),
  valor: z.string(),
  status: z.enum(DEVOLUCAO_STATUSES),
  motivo: z.string().nullish(),
});
export type Devolucao = z.infer<typeof devolucaoSchema>;

/** A PIX received: what the payer's bank actually sent (`valor`), named by the Central Bank's endToEndId. */
export const pixSchema = z.object({
  endToEndId: z.string(),
  txid: z.string().nullish(),
  valor: z.string(),
  horario: z.string().nullish(),
  devolucoes: z.array(devolucaoSchema).nullish(),
});
export type PixRecebido = z.infer<typeof pixSchema>;

export const cobSchema = z.object({
  txid: z.string(),
  status: z.enum(COB_STATUSES),
  calendario: z.object({ criacao: z.string().nullish(), expiracao: z.number().int() }),
  valor: z.object({ original: z.string() }),
  chave: z.string(),
  location: z.string().nullish(),
  loc: z.object({ location: z.string().nullish() }).nullish(),
  pixCopiaECola: z.string().nullish(),
  pix: z.array(pixSchema).nullish(),
});
export type Cob = z.infer<typeof cobSchema>;

export const tokenSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().nullish(),
  expires_in: z.number().positive(),
  scope: z.string().nullish(),
});

export const webhookSchema = z.object({ webhookUrl: z.string(), chave: z.string().nullish() });

/** What the bank posts to `{webhookUrl}/pix`: hints, each read back before anything is recorded. */
export const pixWebhookSchema = z.object({
  pix: z.array(z.object({ endToEndId: z.string(), txid: z.string().nullish(), valor: z.string().nullish() }).passthrough()),
});

/** Who pays, as the spec's `devedor`: a CPF or a CNPJ with the name. */
export type Devedor = { cpf: string; nome: string } | { cnpj: string; nome: string };
