import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/test-app';

// Issue 48, item 6: TRACE answered 404, as if nothing were there. A method a path is not served for is
// a 405 that says, in Allow, the methods it is served for; a path where nothing is stays a 404.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const ask = (method: string, url: string, language = 'pt-BR') =>
  ctx.app.inject({ method: method as 'GET', url, headers: { 'accept-language': language } });

describe('a method a path is not served for', () => {
  it('TRACE of an API collection and of the home page: 405, with Allow and the JSON error in the caller’s language', async () => {
    for (const url of ['/api/v1/campaigns', '/']) {
      const answer = await ask('TRACE', url);
      expect(answer.statusCode, url).toBe(405);
      expect(answer.headers.allow, url).toBe('GET, HEAD');
      expect(answer.json(), url).toEqual({ message: 'Este endereço não aceita esse tipo de pedido.', code: 'method_not_allowed' });
    }
    const english = await ask('TRACE', '/api/v1/campaigns', 'en');
    expect(english.json().message).toBe('This address does not accept this kind of request.');
  });

  it('other methods nobody serves (PROPFIND, SEARCH), and a served method where only others are (DELETE of a list): 405', async () => {
    for (const [method, url] of [
      ['PROPFIND', '/'],
      ['SEARCH', '/api/v1/campaigns'],
      ['DELETE', '/api/v1/campaigns'],
      ['POST', '/doacao-mensal'],
    ] as const) {
      const answer = await ask(method, url);
      expect(answer.statusCode, `${method} ${url}`).toBe(405);
      expect(answer.headers.allow, `${method} ${url}`).toBe('GET, HEAD');
    }
    const signIn = await ask('GET', '/api/v1/sessions');
    expect(signIn.statusCode).toBe(405);
    expect(signIn.headers.allow).toContain('POST');
  });

  it('a path where nothing is stays a 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'TRACE']) {
      const answer = await ask(method, '/api/v1/nada-aqui');
      expect(answer.statusCode, method).toBe(404);
      expect(answer.headers.allow, method).toBeUndefined();
      expect(answer.json(), method).toEqual({ message: 'Não encontramos o que você procurou.', code: 'not_found' });
    }
  });
});

/** Sends raw bytes to the listening server and reads its whole answer (the connection closes after it). */
async function rawAnswer(request: string): Promise<string> {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => {}); // listening already after the first call
  const { port } = ctx.app.server.address() as AddressInfo;
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('methods Fastify never sees', () => {
  it('TRACK (unknown to the HTTP parser) and CONNECT: 405 with the JSON error, not a bare 400 or a dropped connection', async () => {
    const track = await rawAnswer('TRACK /api/v1/campaigns HTTP/1.1\r\nHost: semear.test\r\nAccept-Language: en\r\n\r\n');
    expect(track).toMatch(/^HTTP\/1\.1 405 /);
    expect(track).toMatch(/\r\nAllow: GET, HEAD\r\n/);
    expect(JSON.parse(track.slice(track.indexOf('\r\n\r\n') + 4))).toEqual({
      message: 'This address does not accept this kind of request.',
      code: 'method_not_allowed',
    });
    const tunnel = await rawAnswer('CONNECT internal.example:443 HTTP/1.1\r\nHost: internal.example:443\r\n\r\n');
    expect(tunnel).toMatch(/^HTTP\/1\.1 405 /);
    expect(JSON.parse(tunnel.slice(tunnel.indexOf('\r\n\r\n') + 4))).toEqual({
      message: 'Este endereço não aceita esse tipo de pedido.',
      code: 'method_not_allowed',
    });
  });
});
