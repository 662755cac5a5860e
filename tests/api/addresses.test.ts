import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cepLookupResultSchema } from '../../contracts/address-lookup';
import { call, createTestContext, type TestContext } from './helpers/test-app';

const NOT_FOUND = { code: 'cep.not_found', message: 'CEP não encontrado' };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/v1/addresses/cep/:cep (embedded, the default)', () => {
  it.each([
    ['01310100', '01310100', 'SP'],
    ['01310-100', '01310100', 'SP'],
    ['70040-010', '70040010', 'DF'],
  ])('answers %s with its state and an address left to type', async (cep, zipCode, state) => {
    const response = await call(ctx.app, 'GET', `/api/v1/addresses/cep/${cep}`);
    expect(response.statusCode).toBe(200);
    expect(cepLookupResultSchema.parse(response.json())).toEqual({
      zip_code: zipCode,
      state,
      city: '',
      neighborhood: '',
      street_address: '',
      source: 'embedded',
    });
  });

  it('answers 404 "CEP não encontrado" for a CEP outside every range', async () => {
    const response = await call(ctx.app, 'GET', '/api/v1/addresses/cep/00000-000');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
  });

  it.each(['1234', '123456789', 'abcdefgh', '0131%20100x'])('answers 404 for the malformed CEP %s', async (cep) => {
    const response = await call(ctx.app, 'GET', `/api/v1/addresses/cep/${cep}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
  });
});

describe('GET /api/v1/addresses/cep/:cep with CEP_PROVIDER=viacep', () => {
  let fake: Server;
  let viacepApp: FastifyInstance;
  const seen: string[] = [];

  beforeAll(async () => {
    // A local stand-in for https://viacep.com.br speaking its protocol.
    fake = createServer((req, res) => {
      seen.push(req.url ?? '');
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body));
      };
      if (req.url === '/ws/01310100/json/')
        return json(200, {
          cep: '01310-100',
          logradouro: 'Avenida Paulista',
          bairro: 'Bela Vista',
          localidade: 'São Paulo',
          uf: 'SP',
          ibge: '3550308',
        });
      if (req.url === '/ws/50000500/json/') return json(500, { message: 'erro interno' });
      return json(200, { erro: true });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    viacepApp = await ctx.buildAnotherApp({
      CEP_PROVIDER: 'viacep',
      CEP_PROVIDER_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
    });
  });
  afterAll(async () => {
    fake.closeAllConnections();
    await new Promise<void>((resolve) => fake.close(() => resolve()));
  });

  it("answers the provider's address", async () => {
    const response = await call(viacepApp, 'GET', '/api/v1/addresses/cep/01310-100');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      zip_code: '01310100',
      state: 'SP',
      city: 'São Paulo',
      neighborhood: 'Bela Vista',
      street_address: 'Avenida Paulista',
      source: 'viacep',
    });
    expect(seen).toContain('/ws/01310100/json/');
  });

  it('answers 404 when the provider does not know the CEP', async () => {
    const response = await call(viacepApp, 'GET', '/api/v1/addresses/cep/99999-999');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(NOT_FOUND);
  });

  it('answers 503 with a translated message when the provider fails, so the user types the address', async () => {
    const response = await call(viacepApp, 'GET', '/api/v1/addresses/cep/50000-500');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      code: 'cep.unavailable',
      message: 'Não foi possível consultar o CEP agora. Preencha o endereço à mão.',
    });
  });

  it('does not call the provider for a malformed CEP', async () => {
    const before = seen.length;
    const response = await call(viacepApp, 'GET', '/api/v1/addresses/cep/123');
    expect(response.statusCode).toBe(404);
    expect(seen).toHaveLength(before);
  });
});
