import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cepLookupResultSchema } from '../../contracts/address-lookup';
import { brasilApiCepLookup } from '../../server/services/cep/brasilapi';
import { CepProviderError, type CepLookup, type HttpCepLookupOptions } from '../../server/services/cep/cep-lookup';
import { createCepLookup } from '../../server/services/cep/create-cep-lookup';
import { viaCepLookup } from '../../server/services/cep/viacep';

/**
 * CEPs the fake providers know, and CEPs that make them misbehave. Both fakes answer as their real
 * counterparts document: ViaCEP https://viacep.com.br, BrasilAPI https://brasilapi.com.br/docs#tag/CEP.
 */
const PAULISTA = '01310100';
const WHOLE_TOWN = '78395000'; // a single CEP for a small town: no street nor neighborhood
const UNKNOWN = '99999999';
const UNKNOWN_OLD_STYLE = '99999998'; // ViaCEP's older { "erro": "true" }
const FAILS = '50000500';
const SLOW = '60000600';
const GARBLED = '70000700';
const ODD_SHAPE = '80000800';
const TOO_MANY = '90000429';

const requests: string[] = [];

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json; charset=utf-8') {
  res.writeHead(status, { 'content-type': type });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

/** Shared misbehaviour; returns true when it answered. */
function misbehave(cep: string, res: ServerResponse): boolean {
  if (cep === FAILS) send(res, 500, '<html><body>Internal Server Error</body></html>', 'text/html');
  else if (cep === SLOW) setTimeout(() => !res.destroyed && send(res, 200, {}), 2000).unref();
  else if (cep === GARBLED) send(res, 200, '<html>manutenção</html>', 'text/html');
  else if (cep === TOO_MANY) send(res, 429, { message: 'Too Many Requests' });
  else return false;
  return true;
}

function viaCep(req: IncomingMessage, res: ServerResponse) {
  const match = /^\/ws\/([^/]*)\/json\/$/.exec(req.url ?? '');
  if (!match) return send(res, 404, 'Not Found', 'text/plain');
  const cep = match[1] ?? '';
  if (!/^\d{8}$/.test(cep))
    return send(res, 400, '<!DOCTYPE html><html><h3>Http 400</h3><p>Verifique a sua URL (Bad Request)</p></html>', 'text/html');
  if (misbehave(cep, res)) return;
  if (cep === PAULISTA) {
    return send(res, 200, {
      cep: '01310-100',
      logradouro: 'Avenida Paulista',
      complemento: 'de 612 a 1510 - lado par',
      unidade: '',
      bairro: 'Bela Vista',
      localidade: 'São Paulo',
      uf: 'SP',
      estado: 'São Paulo',
      regiao: 'Sudeste',
      ibge: '3550308',
      gia: '1004',
      ddd: '11',
      siafi: '7107',
    });
  }
  if (cep === WHOLE_TOWN)
    return send(res, 200, {
      cep: '78395-000',
      logradouro: '',
      complemento: '',
      bairro: '',
      localidade: 'Campos de Júlio',
      uf: 'MT',
      ibge: '5102686',
    });
  if (cep === ODD_SHAPE) return send(res, 200, { cep: '80000-800', uf: 'XX', localidade: 'Lugar Nenhum' });
  if (cep === UNKNOWN_OLD_STYLE) return send(res, 200, { erro: 'true' });
  return send(res, 200, { erro: true });
}

function brasilApi(req: IncomingMessage, res: ServerResponse) {
  const match = /^\/api\/cep\/v1\/([^/?]*)$/.exec(req.url ?? '');
  if (!match) return send(res, 404, { message: 'Not found' });
  const cep = match[1] ?? '';
  if (!/^\d{8}$/.test(cep))
    return send(res, 400, {
      message: 'CEP deve conter exatamente 8 caracteres.',
      type: 'validation_error',
      name: 'CepPromiseError',
      errors: [],
    });
  if (misbehave(cep, res)) return;
  if (cep === PAULISTA)
    return send(res, 200, {
      cep: PAULISTA,
      state: 'SP',
      city: 'São Paulo',
      neighborhood: 'Bela Vista',
      street: 'Avenida Paulista',
      service: 'open-cep',
    });
  if (cep === WHOLE_TOWN)
    return send(res, 200, { cep: WHOLE_TOWN, state: 'MT', city: 'Campos de Júlio', neighborhood: null, service: 'viacep' });
  if (cep === ODD_SHAPE) return send(res, 200, { cep, city: 'Lugar Nenhum' });
  return send(res, 404, {
    name: 'CepPromiseError',
    message: 'Todos os serviços de CEP retornaram erro.',
    type: 'service_error',
    errors: [{ name: 'ServiceError', message: 'CEP NAO ENCONTRADO', service: 'correios' }],
  });
}

let server: Server;
let base = '';
let closedBase = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const [, provider = '', rest = '/'] = /^\/(viacep|brasilapi)(\/.*)?$/.exec(req.url ?? '') ?? [];
    req.url = rest;
    if (provider === 'viacep') return viaCep(req, res);
    if (provider === 'brasilapi') return brasilApi(req, res);
    return send(res, 404, 'no such provider', 'text/plain');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A port nobody listens on: bind, note it, close.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedBase = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  requests.length = 0;
});

const adapters: Array<[string, (options: HttpCepLookupOptions) => CepLookup]> = [
  ['viacep', viaCepLookup],
  ['brasilapi', brasilApiCepLookup],
];

describe.each(adapters)('%s adapter', (name, make) => {
  // base is known only once beforeAll ran, so each test makes its adapter.
  const adapter = (options: HttpCepLookupOptions = {}) => make({ baseUrl: `${base}/${name}`, timeoutMs: 200, ...options });

  it('maps a found CEP, accepting it with its mask', async () => {
    const result = await adapter().lookup('01310-100');
    expect(result).toEqual({
      zip_code: PAULISTA,
      state: 'SP',
      city: 'São Paulo',
      neighborhood: 'Bela Vista',
      street_address: 'Avenida Paulista',
      source: name,
    });
    expect(cepLookupResultSchema.parse(result)).toEqual(result);
    expect(requests).toEqual([name === 'viacep' ? `/viacep/ws/${PAULISTA}/json/` : `/brasilapi/api/cep/v1/${PAULISTA}`]);
  });

  it('answers empty street and neighborhood for a whole-town CEP', async () => {
    expect(await adapter().lookup(WHOLE_TOWN)).toEqual({
      zip_code: WHOLE_TOWN,
      state: 'MT',
      city: 'Campos de Júlio',
      neighborhood: '',
      street_address: '',
      source: name,
    });
  });

  it('resolves null for an unknown CEP', async () => {
    expect(await adapter().lookup(UNKNOWN)).toBeNull();
    expect(await adapter().lookup(UNKNOWN_OLD_STYLE)).toBeNull();
  });

  it('resolves null for a malformed CEP without calling the provider', async () => {
    expect(await adapter().lookup('1234')).toBeNull();
    expect(await adapter().lookup('')).toBeNull();
    expect(requests).toEqual([]);
  });

  it("reads the provider's 400 (malformed) as not found", async () => {
    // Our own check stops malformed CEPs first, so reach the 400 through a fetch that rewrites the URL.
    const rewrite: typeof fetch = (url, init) => fetch(String(url).replace(PAULISTA, '0131010X'), init);
    expect(await adapter({ fetch: rewrite }).lookup(PAULISTA)).toBeNull();
    expect(requests).toHaveLength(1);
  });

  it.each([
    ['a 500', FAILS, /answered 500/],
    ['a 429', TOO_MANY, /answered 429/],
    ['an answer that is not JSON', GARBLED, /unreadable answer/],
    ['JSON in an unexpected shape', ODD_SHAPE, /unexpected shape/],
  ])('throws CepProviderError on %s', async (_label, cep, message) => {
    const failure = adapter().lookup(cep);
    await expect(failure).rejects.toBeInstanceOf(CepProviderError);
    await expect(failure).rejects.toThrow(message);
  });

  it('throws CepProviderError when the provider is too slow, after the timeout', async () => {
    const started = Date.now();
    await expect(adapter({ timeoutMs: 100 }).lookup(SLOW)).rejects.toThrow(new CepProviderError(name, 'no answer within 100 ms'));
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('throws CepProviderError when the provider is unreachable', async () => {
    const lookupClosed = make({ baseUrl: closedBase, timeoutMs: 1000 });
    await expect(lookupClosed.lookup(PAULISTA)).rejects.toBeInstanceOf(CepProviderError);
  });

  it('is what createCepLookup gives for this CEP_PROVIDER, at CEP_PROVIDER_URL', async () => {
    const fromConfig = createCepLookup({ provider: name as 'viacep' | 'brasilapi', url: `${base}/${name}` }, { timeoutMs: 200 });
    expect(await fromConfig.lookup(PAULISTA)).toMatchObject({ state: 'SP', source: name });
  });
});
