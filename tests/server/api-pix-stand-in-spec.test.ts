import { readFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestCertificates, type TestCertificates } from '../support/stand-ins/api-pix/certs';
import { startApiPixStandIn, STAND_IN_RECEIVER_ACCOUNT, type ApiPixStandIn } from '../support/stand-ins/api-pix';

/**
 * The API Pix stand-in refuses what the Central Bank's published spec refuses (github.com/bacen/pix-api,
 * openapi.yaml 2.9.0), one operation our adapter uses at a time (server/services/payments/api-pix/api-client.ts):
 * every required field of the request's schema missing in turn, and a bad pattern, length, format or enum where
 * the schema has one. The spec's answer: 400 problem+json, `type` https://pix.bcb.gov.br/api/v2/error/<Problem>,
 * `title`, `status`, `detail`, `violacoes: [{ razao, propriedade }]`.
 */

const credentials = { clientId: 'semear-client', clientSecret: 'semear-secret' };
const PROBLEM = 'https://pix.bcb.gov.br/api/v2/error/';
let certs: TestCertificates;
let bank: ApiPixStandIn;
let bearer: string;

type Json = Record<string, unknown>;
interface Answer {
  status: number;
  type: string;
  json: Json;
}

function send(url: string, method: string, headers: Record<string, string>, text?: string): Promise<Answer> {
  const tls = { cert: readFileSync(certs.clientCertPath), key: readFileSync(certs.clientKeyPath), ca: certs.ca };
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { method, headers, ...tls }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type']),
          json: (body === '' ? {} : JSON.parse(body)) as Json,
        });
      });
    });
    req.on('error', reject);
    req.end(text);
  });
}

const tokenCall = (headers: Record<string, string>, text: string) =>
  send(
    bank.tokenUrl,
    'POST',
    { authorization: `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`, ...headers },
    text,
  );

/** An API call as our adapter makes it: bearer token, JSON body (or `raw` text with its own content type). */
function call(method: string, path: string, body?: unknown, raw?: { text: string; contentType?: string }): Promise<Answer> {
  const text = raw ? raw.text : body === undefined ? undefined : JSON.stringify(body);
  const contentType = raw ? raw.contentType : body === undefined ? undefined : 'application/json';
  return send(`${bank.url}${path}`, method, { authorization: bearer, ...(contentType ? { 'content-type': contentType } : {}) }, text);
}

/** A deep copy of `body` without the field at `path` (or with it set to `value`). */
function edit(body: Json, path: string, value?: unknown): Json {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let at = copy;
  for (const key of keys.slice(0, -1)) at = at[key] as Json;
  const last = keys.at(-1) as string;
  if (value === undefined) delete at[last];
  else at[last] = value;
  return copy;
}

function expectRefused(answer: Answer, problem: string, propriedade: string) {
  expect(answer.status, JSON.stringify(answer.json)).toBe(400);
  expect(answer.type).toMatch(/^application\/problem\+json/);
  expect(answer.json).toMatchObject({ type: `${PROBLEM}${problem}`, title: expect.any(String), status: 400, detail: expect.any(String) });
  expect(answer.json.violacoes, JSON.stringify(answer.json)).toContainEqual({ razao: expect.any(String), propriedade });
}

let txidSeq = 0;
const newTxid = () => `spec${Date.now().toString(36)}${String(txidSeq++).padStart(6, '0')}`.padEnd(32, '0');

beforeAll(async () => {
  certs = makeTestCertificates();
  bank = await startApiPixStandIn(certs, { ...credentials, now: () => new Date('2026-03-01T12:00:00Z') });
  const token = await tokenCall({ 'content-type': 'application/x-www-form-urlencoded' }, 'grant_type=client_credentials');
  bearer = `Bearer ${String(token.json.access_token)}`;
}, 60_000);
afterAll(async () => {
  await bank.control.close();
  certs.remove();
});

describe('OAuth2 token (the spec’s clientCredentials flow, RFC 6749 §4.4)', () => {
  it('requires grant_type=client_credentials in a form-urlencoded body, else RFC 6749’s 400', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await tokenCall(form, 'grant_type=client_credentials')).status).toBe(200);
    expect(await tokenCall(form, '')).toMatchObject({ status: 400, json: { error: 'invalid_request' } });
    expect(await tokenCall(form, 'grant_type=password')).toMatchObject({ status: 400, json: { error: 'unsupported_grant_type' } });
    expect(await tokenCall({ 'content-type': 'application/json' }, '{"grant_type":"client_credentials"}')).toMatchObject({
      status: 400,
      json: { error: 'invalid_request' },
    });
  });
});

// CobSolicitada requires `calendario`, `valor` (with `original`) and `chave`; our adapter also sends devedor and solicitacaoPagador.
const cobBody: Json = {
  calendario: { expiracao: 3600 },
  devedor: { cpf: '52998224725', nome: 'Maria da Silva' },
  valor: { original: '12.34', modalidadeAlteracao: 0 },
  chave: 'doacoes@semear.org.br',
  solicitacaoPagador: 'Doação à campanha',
};

describe('PUT /cob/{txid} (CobSolicitada)', () => {
  it('takes what our adapter sends', async () => {
    expect((await call('PUT', `/cob/${newTxid()}`, cobBody)).status).toBe(201);
    // The alphanumeric CNPJ (July 2026) is within PessoaJuridica's ^[0-9A-Z]{14}$.
    const company = edit(cobBody, 'devedor', { cnpj: '12ABC34501DE35', nome: 'Empresa' });
    expect((await call('PUT', `/cob/${newTxid()}`, company)).status).toBe(201);
  });

  it.each(['calendario', 'valor', 'valor.original', 'chave'])('refuses a charge without the required %s', async (field) => {
    expectRefused(await call('PUT', `/cob/${newTxid()}`, edit(cobBody, field)), 'CobOperacaoInvalida', `cob.${field}`);
  });

  it('refuses PessoaFisica/PessoaJuridica without nome, with neither or both documents', async () => {
    expectRefused(await call('PUT', `/cob/${newTxid()}`, edit(cobBody, 'devedor.nome')), 'CobOperacaoInvalida', 'cob.devedor.nome');
    expectRefused(await call('PUT', `/cob/${newTxid()}`, edit(cobBody, 'devedor.cpf')), 'CobOperacaoInvalida', 'cob.devedor');
    const both = edit(cobBody, 'devedor.cnpj', '11222333000181');
    expectRefused(await call('PUT', `/cob/${newTxid()}`, both), 'CobOperacaoInvalida', 'cob.devedor');
  });

  it.each([
    ['txid', '(path) shorter than 26', null],
    ['calendario.expiracao', 3600.5, 'an int32'],
    ['calendario.expiracao', '3600', 'an int32, not text'],
    ['valor.original', '12.3', '\\d{1,10}\\.\\d{2}'],
    ['valor.original', 12.34, 'text, not a number'],
    ['valor.original', '12345678901.00', 'at most 10 digits'],
    ['valor.modalidadeAlteracao', 2, '0 or 1'],
    ['chave', 'x'.repeat(78), 'maxLength 77'],
    ['solicitacaoPagador', 'x'.repeat(141), 'maxLength 140'],
    ['devedor.cpf', '529.982.247-25', 'eleven digits'],
    ['devedor.cpf', '52998224724', 'check digits (the bank’s)'],
    ['devedor.nome', 'x'.repeat(201), 'maxLength 200'],
    ['infoAdicionais', [{ nome: 'Campanha' }], 'nome and valor required'],
  ] as const)('refuses %s = %j (%s)', async (field, value, _rule) => {
    if (field === 'txid') return expectRefused(await call('PUT', '/cob/tooShort123', cobBody), 'CobOperacaoInvalida', 'txid');
    const answer = await call('PUT', `/cob/${newTxid()}`, edit(cobBody, field, value));
    expectRefused(answer, 'CobOperacaoInvalida', field === 'infoAdicionais' ? 'cob.infoAdicionais.0.valor' : `cob.${field}`);
  });

  it('refuses a body that is not JSON, or not sent as application/json, or none at all', async () => {
    const txid = newTxid();
    expectRefused(
      await call('PUT', `/cob/${txid}`, undefined, { text: '{"valor":', contentType: 'application/json' }),
      'CobOperacaoInvalida',
      'cob',
    );
    expectRefused(
      await call('PUT', `/cob/${txid}`, undefined, { text: JSON.stringify(cobBody), contentType: 'text/plain' }),
      'CobOperacaoInvalida',
      'cob',
    );
    expectRefused(await call('PUT', `/cob/${txid}`), 'CobOperacaoInvalida', 'cob');
    expect(bank.control.cobs.has(txid)).toBe(false);
  });
});

describe('GET /cob/{txid} (TxId path parameter)', () => {
  it('refuses a txid outside [a-zA-Z0-9]{26,35}; an unknown well-formed one is 404', async () => {
    expectRefused(await call('GET', `/cob/${'a'.repeat(36)}`), 'CobOperacaoInvalida', 'txid');
    expectRefused(await call('GET', `/cob/${encodeURIComponent('abc-def-ghi-jkl-mno-pqr-stu-vwx')}`), 'CobOperacaoInvalida', 'txid');
    expect((await call('GET', `/cob/${newTxid()}`)).status).toBe(404);
  });
});

/** A received PIX to give back: a charge paid at the stand-in. */
async function receivedPix(): Promise<string> {
  const txid = newTxid();
  await call('PUT', `/cob/${txid}`, edit(cobBody, 'valor.original', '50.00'));
  return bank.control.pay(txid);
}

describe('PUT /pix/{e2eid}/devolucao/{id} (DevolucaoSolicitada)', () => {
  it('takes what our adapter sends ({ valor })', async () => {
    const e2eid = await receivedPix();
    expect(await call('PUT', `/pix/${e2eid}/devolucao/refund1`, { valor: '10.00' })).toMatchObject({
      status: 201,
      json: { status: 'EM_PROCESSAMENTO' },
    });
  });

  it('requires valor; refuses its pattern, natureza outside ORIGINAL|RETIRADA, descricao over 140 and malformed path ids', async () => {
    const e2eid = await receivedPix();
    const path = `/pix/${e2eid}/devolucao/refund2`;
    expectRefused(await call('PUT', path, {}), 'PixDevolucaoInvalida', 'devolucao.valor');
    expectRefused(await call('PUT', path, { valor: '10' }), 'PixDevolucaoInvalida', 'devolucao.valor');
    expectRefused(await call('PUT', path, { valor: '10.00', natureza: 'PARCIAL' }), 'PixDevolucaoInvalida', 'devolucao.natureza');
    expectRefused(await call('PUT', path, { valor: '10.00', descricao: 'x'.repeat(141) }), 'PixDevolucaoInvalida', 'devolucao.descricao');
    expectRefused(await call('PUT', `/pix/${e2eid.slice(1)}/devolucao/refund2`, { valor: '10.00' }), 'PixDevolucaoInvalida', 'e2eid');
    expectRefused(await call('PUT', `/pix/${e2eid}/devolucao/${'r'.repeat(36)}`, { valor: '10.00' }), 'PixDevolucaoInvalida', 'id');
    expectRefused(await call('PUT', `/pix/${e2eid}/devolucao/refund-2`, { valor: '10.00' }), 'PixDevolucaoInvalida', 'id');
  });
});

describe('GET /pix/{e2eid}/devolucao/{id} (EndToEndId, DevolucaoId)', () => {
  it('refuses path ids outside their patterns; an unknown well-formed one is 404', async () => {
    const e2eid = await receivedPix();
    expectRefused(await call('GET', `/pix/${e2eid}x/devolucao/abc`), 'PixDevolucaoInvalida', 'e2eid');
    expectRefused(await call('GET', `/pix/${e2eid}/devolucao/a_b`), 'PixDevolucaoInvalida', 'id');
    expect((await call('GET', `/pix/${e2eid}/devolucao/nothere`)).status).toBe(404);
  });
});

describe('PUT /webhook/{chave}, /webhookrec, /webhookcobr (WebhookSolicitado, WebhookRecSolicitado, WebhookCobRSolicitado)', () => {
  const url = 'https://semear.example/api/v1/payments/webhooks/api-pix';
  it('each requires webhookUrl, format uri; the key is up to 77 characters', async () => {
    for (const path of ['/webhook/doacoes%40semear.org.br', '/webhookrec', '/webhookcobr']) {
      expect((await call('PUT', path, { webhookUrl: url })).status, path).toBe(200);
      expectRefused(await call('PUT', path, {}), 'WebhookOperacaoInvalida', 'webhook.webhookUrl');
      expectRefused(await call('PUT', path, { webhookUrl: 'semear.example/webhook' }), 'WebhookOperacaoInvalida', 'webhook.webhookUrl');
      expectRefused(await call('PUT', path), 'WebhookOperacaoInvalida', 'webhook');
    }
    expectRefused(await call('PUT', `/webhook/${'k'.repeat(78)}`, { webhookUrl: url }), 'WebhookOperacaoInvalida', 'chave');
    expectRefused(await call('GET', `/webhook/${'k'.repeat(78)}`), 'WebhookOperacaoInvalida', 'chave');
  });
});

// RecSolicitada as our adapter sends it (journey 3); RecBase requires vinculo (contrato, devedor) and calendario
// (dataInicial, periodicidade), RecConfiguracao politicaRetentativa.
async function recBody(): Promise<Json> {
  const txid = newTxid();
  await call('PUT', `/cob/${txid}`, cobBody);
  const loc = await call('POST', '/locrec');
  return {
    vinculo: { contrato: 'sub-1', objeto: 'Doação mensal', devedor: { cpf: '52998224725', nome: 'Maria da Silva' } },
    calendario: { dataInicial: '2026-03-05', periodicidade: 'MENSAL' },
    valor: { valorMinimoRecebedor: '25.00' },
    politicaRetentativa: 'PERMITE_3R_7D',
    loc: loc.json.id,
    ativacao: { dadosJornada: { txid } },
  };
}

describe('POST /rec (RecSolicitada)', () => {
  it('takes what our adapter sends', async () => {
    expect((await call('POST', '/rec', await recBody())).status).toBe(201);
  });

  it.each([
    'vinculo',
    'vinculo.contrato',
    'vinculo.devedor',
    'vinculo.devedor.nome',
    'calendario',
    'calendario.dataInicial',
    'calendario.periodicidade',
    'politicaRetentativa',
    'ativacao.dadosJornada.txid',
  ])('refuses a recurrence without the required %s', async (field) => {
    expectRefused(await call('POST', '/rec', edit(await recBody(), field)), 'RecOperacaoInvalida', `rec.${field}`);
  });

  it.each([
    ['calendario.dataInicial', '2026-02-30', 'format date'],
    ['calendario.dataInicial', '01/04/2026', 'format date'],
    ['calendario.dataFinal', '2027-13-01', 'format date'],
    ['calendario.periodicidade', 'QUINZENAL', 'enum'],
    ['politicaRetentativa', 'PERMITE_5R', 'enum'],
    ['valor.valorMinimoRecebedor', '25', '\\d{1,10}\\.\\d{2}'],
    ['vinculo.contrato', 'x'.repeat(36), 'maxLength 35'],
    ['vinculo.objeto', 'x'.repeat(36), 'maxLength 35'],
    ['vinculo.devedor.nome', 'x'.repeat(141), 'maxLength 140'],
    ['vinculo.devedor.cpf', '5299822472', 'eleven digits'],
    ['loc', '1000', 'an int64'],
    ['ativacao.dadosJornada.txid', 'short', 'TxId'],
  ] as const)('refuses %s = %j (%s)', async (field, value, _rule) => {
    expectRefused(await call('POST', '/rec', edit(await recBody(), field, value)), 'RecOperacaoInvalida', `rec.${field}`);
  });
});

describe('PATCH /rec/{idRec} (RecRevisada)', () => {
  it('takes { status: CANCELADA }; refuses another status, a devedor without nome and a dataInicial that is no date', async () => {
    const created = await call('POST', '/rec', await recBody());
    const path = `/rec/${String(created.json.idRec)}`;
    expectRefused(await call('PATCH', path, { status: 'APROVADA' }), 'RecOperacaoInvalida', 'rec.status');
    expectRefused(await call('PATCH', path, { vinculo: { devedor: {} } }), 'RecOperacaoInvalida', 'rec.vinculo.devedor.nome');
    expectRefused(
      await call('PATCH', path, { calendario: { dataInicial: '2026-4-1' } }),
      'RecOperacaoInvalida',
      'rec.calendario.dataInicial',
    );
    expect(await call('PATCH', path, { status: 'CANCELADA' })).toMatchObject({ status: 200, json: { status: 'CANCELADA' } });
  });
});

/** A recurrence the donor approved, and a debit for it as our adapter sends it (CobRSolicitada). */
async function cobrBody(): Promise<Json> {
  const created = await call('POST', '/rec', await recBody());
  bank.control.approveRec(String(created.json.idRec));
  return {
    idRec: created.json.idRec,
    calendario: { dataDeVencimento: '2026-03-05' },
    valor: { original: '25.00' },
    ajusteDiaUtil: false,
    recebedor: { ...STAND_IN_RECEIVER_ACCOUNT, tipoConta: 'CORRENTE' },
  };
}

describe('PUT /cobr/{txid} (CobRSolicitada)', () => {
  it('takes what our adapter sends', async () => {
    expect(await call('PUT', `/cobr/${newTxid()}`, await cobrBody())).toMatchObject({
      status: 201,
      json: { status: 'ATIVA' },
    });
  });

  it.each([
    'idRec',
    'calendario',
    'calendario.dataDeVencimento',
    'valor',
    'valor.original',
    'recebedor',
    'recebedor.conta',
    'recebedor.tipoConta',
    'ajusteDiaUtil',
  ])('refuses a debit without the required %s', async (field) => {
    expectRefused(await call('PUT', `/cobr/${newTxid()}`, edit(await cobrBody(), field)), 'CobROperacaoInvalida', `cobr.${field}`);
  });

  it.each([
    ['idRec', 'RR123', 'RecId: 29 letters and digits'],
    ['calendario.dataDeVencimento', '2026-03-32', 'format date'],
    ['valor.original', '25,00', '\\d{1,10}\\.\\d{2}'],
    ['ajusteDiaUtil', 'false', 'a boolean'],
    ['recebedor.tipoConta', 'SALARIO', 'enum CORRENTE|POUPANCA|PAGAMENTO'],
    ['recebedor.conta', '1'.repeat(21), 'maxLength 20'],
    ['recebedor.agencia', '00001', 'maxLength 4'],
    ['infoAdicional', 'x'.repeat(141), 'maxLength 140'],
    ['txid', null, '(path) TxId'],
  ] as const)('refuses %s = %j (%s)', async (field, value, _rule) => {
    if (field === 'txid') return expectRefused(await call('PUT', '/cobr/short', await cobrBody()), 'CobROperacaoInvalida', 'txid');
    expectRefused(await call('PUT', `/cobr/${newTxid()}`, edit(await cobrBody(), field, value)), 'CobROperacaoInvalida', `cobr.${field}`);
  });
});

describe('GET /cobr/{txid} and POST /cobr/{txid}/retentativa/{data} (TxId, format date)', () => {
  it('refuses a txid outside its pattern and a data that is no date', async () => {
    expectRefused(await call('GET', '/cobr/short'), 'CobROperacaoInvalida', 'txid');
    expect((await call('GET', `/cobr/${newTxid()}`)).status).toBe(404);
    expectRefused(await call('POST', '/cobr/short/retentativa/2026-03-03'), 'CobROperacaoInvalida', 'txid');
    expectRefused(await call('POST', `/cobr/${newTxid()}/retentativa/2026-02-29`), 'CobROperacaoInvalida', 'data');
    expect((await call('POST', `/cobr/${newTxid()}/retentativa/2026-03-03`)).status).toBe(404);
  });
});
