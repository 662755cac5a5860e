import { z } from 'zod';
import { DEVOLUCAO_ID, END_TO_END_ID, isCnpj, isCpf, REC_ID, TXID, VALOR, type Violacao } from './rules';

/**
 * What the Central Bank's API Pix (github.com/bacen/pix-api, openapi.yaml 2.9.0) requires of each request our
 * adapter sends, written down as one zod schema per request body and path parameter: required fields,
 * patterns, lengths (JSON Schema counts characters, not UTF-16 units), `format: date` and `uri`, integers of
 * their format and enums. Unknown fields pass (the spec's objects do not forbid them). A request breaking a
 * rule is answered as the spec's examples do: 400 problem+json, `type` …/error/<Operation>OperacaoInvalida,
 * one `violacoes` entry per field at fault (`propriedade` such as `cob.valor.original`). The bank's own rules
 * beyond the schema (CPF/CNPJ check digits, an expiry above zero, a recurrence's amount, due dates, the
 * receiver's account) are written beside the schemas they refine and say so.
 */

/** PessoaFisica's cpf: the spec writes `/^\d{11}$/`, slashes included, meaning eleven digits. */
const CPF = /^\d{11}$/;
/** PessoaJuridica's cnpj: `^[0-9A-Z]{14}$` (the alphanumeric CNPJ of July 2026 included). */
const CNPJ = /^[0-9A-Z]{14}$/;

export const PERIODICIDADES = ['SEMANAL', 'MENSAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export const POLITICAS_RETENTATIVA = ['NAO_PERMITE', 'PERMITE_3R_7D'] as const;
export const TIPOS_CONTA = ['CORRENTE', 'POUPANCA', 'PAGAMENTO'] as const;

/** maxLength as JSON Schema counts it: characters (code points). */
const chars = (max: number) => z.string().refine((s) => [...s].length <= max, `at most ${max} characters`);
const valor = z.string().regex(VALOR);
const int32 = z
  .number()
  .int()
  .min(-(2 ** 31))
  .max(2 ** 31 - 1);
const int64 = z.number().int();
/** format: date (RFC 3339 full-date): YYYY-MM-DD, a day the calendar has. */
export const fullDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'not a calendar day',
  );
/** format: uri (RFC 3986): an absolute URI. */
const uri = z.string().refine((s) => URL.canParse(s), 'not an absolute URI');
const txid = z.string().regex(TXID);

/**
 * PessoaFisica | PessoaJuridica (oneOf): `cpf` and `nome`, or `cnpj` and `nome` — one of the two, never both.
 * `nome` up to 200 (PessoaFisicaRecorrencia / PessoaJuridicaRecorrencia: 140). The check digits are the bank's.
 */
const pessoa = (nomeMax: number) =>
  z
    .object({ cpf: z.string().regex(CPF).optional(), cnpj: z.string().regex(CNPJ).optional(), nome: chars(nomeMax) })
    .superRefine((d, ctx) => {
      if ((d.cpf === undefined) === (d.cnpj === undefined)) ctx.addIssue({ code: 'custom', message: 'cpf ou cnpj, exatamente um deles' });
      else if (d.cpf !== undefined && !isCpf(d.cpf)) ctx.addIssue({ code: 'custom', path: ['cpf'], message: 'CPF inválido' });
      else if (d.cnpj !== undefined && !isCnpj(d.cnpj)) ctx.addIssue({ code: 'custom', path: ['cnpj'], message: 'CNPJ inválido' });
    });

/** CobValor's `retirada`: a `saque` or a `troco` (oneOf), each requiring valor, modalidadeAgente, prestadorDoServicoDeSaque. */
const retirada = (agentes: readonly [string, ...string[]]) =>
  z.object({
    valor,
    modalidadeAlteracao: z.number().int().min(0).max(1).optional(),
    modalidadeAgente: z.enum(agentes),
    prestadorDoServicoDeSaque: z.string().regex(/^[0-9A-Z]{8}$/),
  });

/**
 * CobSolicitada (PUT /cob/{txid}): requires `calendario`, `valor` (with `original`) and `chave`.
 * `calendario.expiracao` an int32 (above zero: the bank's rule); `valor.original` `\d{1,10}\.\d{2}`,
 * `valor.modalidadeAlteracao` 0 or 1; `chave` up to 77; `solicitacaoPagador` up to 140; `devedor` PessoaFisica
 * or PessoaJuridica; `loc` (PayloadLocationCob) requires `id` and `tipoCob`; `infoAdicionais` up to 50 of
 * `{ nome ≤ 50, valor ≤ 200 }`, both required.
 */
export const cobSolicitada = z.object({
  calendario: z.object({ expiracao: int32.positive().optional() }),
  devedor: pessoa(200).optional(),
  loc: z.object({ id: int64, tipoCob: z.string() }).optional(),
  valor: z
    .object({
      original: valor,
      modalidadeAlteracao: z.number().int().min(0).max(1).optional(),
      retirada: z
        .union([z.object({ saque: retirada(['AGTEC', 'AGTOT', 'AGPSS']) }), z.object({ troco: retirada(['AGTEC', 'AGTOT']) })])
        .optional(),
    })
    .refine((v) => v.retirada === undefined || !('saque' in v.retirada && 'troco' in v.retirada), 'saque ou troco, não ambos'),
  chave: chars(77),
  solicitacaoPagador: chars(140).optional(),
  infoAdicionais: z
    .array(z.object({ nome: chars(50), valor: chars(200) }))
    .max(50)
    .optional(),
});

/** DevolucaoSolicitada (PUT /pix/{e2eid}/devolucao/{id}): requires `valor`; `natureza` ORIGINAL|RETIRADA; `descricao` ≤ 140. */
export const devolucaoSolicitada = z.object({
  valor,
  natureza: z.enum(['ORIGINAL', 'RETIRADA']).optional(),
  descricao: chars(140).optional(),
});

/** WebhookSolicitado, WebhookRecSolicitado (WebhookRecBase), WebhookCobRSolicitado: require `webhookUrl`, format uri. */
export const webhookSolicitado = z.object({ webhookUrl: uri });

const ativacaoSolicitada = z.object({ dadosJornada: z.object({ txid }).optional() });

/**
 * RecSolicitada (POST /rec): RecBase requires `vinculo` (requiring `contrato` ≤ 35 and `devedor`, a
 * PessoaFisicaRecorrencia or PessoaJuridicaRecorrencia; `objeto` ≤ 35) and `calendario` (requiring
 * `dataInicial`, a date, and `periodicidade` SEMANAL|MENSAL|TRIMESTRAL|SEMESTRAL|ANUAL; `dataFinal` a date);
 * RecConfiguracao requires `politicaRetentativa` NAO_PERMITE|PERMITE_3R_7D. `valor.valorRec` and
 * `valor.valorMinimoRecebedor` `\d{1,10}\.\d{2}`; `recebedor.convenio` ≤ 60; `loc` an int64;
 * `ativacao.dadosJornada` requires `txid` (TxId). RecBase's `required` also names `idRec` and `retentativa`,
 * which a request cannot hold (the bank makes the id; no property is called `retentativa`, and the spec's own
 * request examples have neither): they are the response's, so the stand-in does not ask for them.
 */
export const recSolicitada = z.object({
  vinculo: z.object({ objeto: chars(35).optional(), devedor: pessoa(140), contrato: chars(35) }),
  calendario: z.object({ dataInicial: fullDate, dataFinal: fullDate.optional(), periodicidade: z.enum(PERIODICIDADES) }),
  valor: z.object({ valorRec: valor.optional(), valorMinimoRecebedor: valor.optional() }).optional(),
  recebedor: z.object({ convenio: chars(60).optional() }).optional(),
  politicaRetentativa: z.enum(POLITICAS_RETENTATIVA),
  loc: int64.optional(),
  ativacao: ativacaoSolicitada.optional(),
});

/**
 * RecRevisada (PATCH /rec/{idRec}): nothing required; `status` only CANCELADA; `vinculo.devedor` requires `nome`
 * (≤ 140); `loc` an int64; `calendario.dataInicial` a date; `ativacao` as in RecSolicitada.
 */
export const recRevisada = z.object({
  status: z.enum(['CANCELADA']).optional(),
  vinculo: z.object({ devedor: z.object({ nome: chars(140) }).optional() }).optional(),
  loc: int64.optional(),
  calendario: z.object({ dataInicial: fullDate.optional() }).optional(),
  ativacao: ativacaoSolicitada.optional(),
});

/** DadosBancariosRecebedor: requires `conta` (≤ 20) and `tipoConta` CORRENTE|POUPANCA|PAGAMENTO; `agencia` ≤ 4. */
export const dadosBancariosRecebedor = z.object({ conta: chars(20), tipoConta: z.enum(TIPOS_CONTA), agencia: chars(4).optional() });

/**
 * CobRSolicitada (PUT /cobr/{txid}): requires `idRec` (RecId), `calendario` (requiring `dataDeVencimento`, a
 * date), `valor` (requiring `original`, `\d{1,10}\.\d{2}`), `recebedor` (DadosBancariosRecebedor) and, from
 * CobRBase, `ajusteDiaUtil` (boolean); `infoAdicional` ≤ 140; `devedor` (DadosDevedorRecorrencia: email,
 * logradouro ≤ 200, cidade ≤ 200, uf ≤ 2, cep ≤ 8).
 */
export const cobRSolicitada = z.object({
  idRec: z.string().regex(REC_ID),
  infoAdicional: chars(140).optional(),
  calendario: z.object({ dataDeVencimento: fullDate }),
  valor: z.object({ original: valor }),
  ajusteDiaUtil: z.boolean(),
  recebedor: dadosBancariosRecebedor,
  devedor: z
    .object({
      email: z.string().optional(),
      logradouro: chars(200).optional(),
      cidade: chars(200).optional(),
      uf: chars(2).optional(),
      cep: chars(8).optional(),
    })
    .optional(),
});

/** One operation of the API Pix: how the spec names its refusal, and what it requires of path and body. */
export interface ApiPixOperation {
  /** The problem's name: `type` https://pix.bcb.gov.br/api/v2/error/{problem}. */
  problem: string;
  title: string;
  detail: string;
  /** `propriedade`'s first part (`cob.valor.original`). */
  root: string;
  params?: Record<string, z.ZodType>;
  body?: z.ZodType;
  /** The spec's `requestBody.required` (RecBody and RecBodyRevisada leave it out; their fields are required anyway). */
  bodyRequired?: boolean;
}

const cob = { problem: 'CobOperacaoInvalida', title: 'Cobrança inválida.', root: 'cob' };
const cobDetail =
  'A requisição que busca alterar ou criar uma cobrança para pagamento imediato não respeita o _schema_ ou está semanticamente errada.';
const devolucao = {
  problem: 'PixDevolucaoInvalida',
  title: 'Devolução inválida.',
  detail: 'A presente requisição de devolução não respeita o _schema_ ou não faz sentido semanticamente.',
  root: 'devolucao',
};
const webhook = {
  problem: 'WebhookOperacaoInvalida',
  title: 'Webhook inválido.',
  detail: 'A presente requisição busca criar um webhook sem respeitar o _schema_ ou, ainda, com sentido semanticamente inválido.',
  root: 'webhook',
};
const rec = { problem: 'RecOperacaoInvalida', title: 'Operação inválida.', detail: 'A recorrência não respeita o schema.', root: 'rec' };
const cobr = { problem: 'CobROperacaoInvalida', title: 'Operação inválida.', detail: 'A cobrança não respeita o schema.', root: 'cobr' };
const chave = chars(77);

/**
 * Every operation our adapter calls (server/services/payments/api-pix/api-client.ts). The spec lists no 400 for
 * its GETs; the stand-in answers one anyway when a path parameter breaks its schema, so a malformed id of ours
 * fails loudly instead of reading as "not found". POST /locrec takes no body in the spec (PayloadLocationRecBody
 * is defined but no path uses it).
 */
export const OPERATIONS = {
  putCob: { ...cob, detail: cobDetail, params: { txid }, body: cobSolicitada, bodyRequired: true },
  getCob: { ...cob, detail: cobDetail, params: { txid } },
  putDevolucao: {
    ...devolucao,
    params: { e2eid: z.string().regex(END_TO_END_ID), id: z.string().regex(DEVOLUCAO_ID) },
    body: devolucaoSolicitada,
    bodyRequired: true,
  },
  getDevolucao: { ...devolucao, params: { e2eid: z.string().regex(END_TO_END_ID), id: z.string().regex(DEVOLUCAO_ID) } },
  putWebhook: { ...webhook, params: { chave }, body: webhookSolicitado, bodyRequired: true },
  getWebhook: { ...webhook, params: { chave } },
  putWebhookRec: { ...webhook, body: webhookSolicitado, bodyRequired: true },
  putWebhookCobR: { ...webhook, body: webhookSolicitado, bodyRequired: true },
  postRec: { ...rec, body: recSolicitada },
  /** GET /rec/{idRec}: the spec's idRec path parameter is any string; `txid` (query) too. */
  getRec: { ...rec },
  patchRec: { ...rec, body: recRevisada },
  putCobr: { ...cobr, params: { txid }, body: cobRSolicitada, bodyRequired: true },
  getCobr: { ...cobr, params: { txid } },
  retryCobr: { ...cobr, params: { txid, data: fullDate } },
} satisfies Record<string, ApiPixOperation>;

/** A body that is not JSON at all (kept apart from an absent one). */
export const MALFORMED_JSON = Symbol('malformed JSON');

/**
 * What is wrong with a request of `op`, as the spec's `violacoes`: each path parameter breaking its schema
 * (`propriedade` the parameter's name), a body sent as something else than application/json or not JSON, a
 * required body missing, and every field of the body at fault (`{root}.{path}`).
 */
export function requestViolations(
  op: ApiPixOperation,
  request: { params?: Record<string, string>; body: unknown; contentType?: string },
): Violacao[] {
  const out: Violacao[] = [];
  for (const [name, schema] of Object.entries(op.params ?? {})) {
    if (!schema.safeParse(request.params?.[name]).success)
      out.push({ razao: `O parâmetro ${name} não respeita o _schema_.`, propriedade: name });
  }
  if (!op.body) return out;
  if (request.body === MALFORMED_JSON) return [...out, { razao: 'O corpo da requisição não é um JSON válido.', propriedade: op.root }];
  if (request.body !== undefined && !/^application\/json\b/i.test(request.contentType ?? ''))
    out.push({ razao: 'O corpo da requisição deve ser application/json.', propriedade: op.root });
  if (request.body === undefined && !op.bodyRequired) return out;
  const parsed = op.body.safeParse(request.body ?? null);
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const propriedade = [op.root, ...issue.path.map(String)].join('.');
    if (out.some((v) => v.propriedade === propriedade)) continue;
    const missing = issue.code === 'invalid_type' && issue.message.endsWith('received undefined');
    out.push({
      razao: missing ? `O campo ${propriedade} é obrigatório.` : `O campo ${propriedade} não respeita o _schema_ (${issue.message}).`,
      propriedade,
    });
  }
  return out;
}
