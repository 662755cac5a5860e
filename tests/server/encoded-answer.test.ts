import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { answerBody } from '../../server/http/encoded-answer';
import { toAnswer } from '../../server/http/public-cache';

// A kept public answer is compressed once per encoding, not on every read (a viral campaign's page is
// read thousands of times a minute by browsers that all send Accept-Encoding).

const campaignJson = JSON.stringify({ title: 'Cozinha solidária', story: 'Refeições todos os dias. '.repeat(80) });
const request = (headers: Record<string, string>, method = 'GET'): Pick<FastifyRequest, 'method' | 'headers'> => ({ method, headers });

describe('a public answer sent compressed', () => {
  it('is compressed once per encoding and kept with the answer', () => {
    const answer = toAnswer({ body: campaignJson, campaignId: 'c1' });
    const br = answerBody(request({ 'accept-encoding': 'gzip, deflate, br' }), answer);
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body as Buffer).toString('utf8')).toBe(campaignJson);
    // The very same bytes on the next read: nothing was compressed again.
    expect(answerBody(request({ 'accept-encoding': 'br' }), answer).body).toBe(br.body);
    const gzip = answerBody(request({ 'accept-encoding': 'gzip' }), answer);
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body as Buffer).toString('utf8')).toBe(campaignJson);
    expect(answerBody(request({ 'accept-encoding': 'x-gzip' }), answer).body).toBe(gzip.body);
    // Another answer (after a donation changed the campaign) has bytes of its own.
    const changed = toAnswer({ body: campaignJson.replace('todos', 'quase todos'), campaignId: 'c1' });
    expect(answerBody(request({ 'accept-encoding': 'br' }), changed).body).not.toBe(br.body);
  });

  it('negotiates as the compression plugin does: br first, "*" as gzip, q=0 refused', () => {
    const answer = toAnswer({ body: campaignJson, campaignId: null });
    const encodingFor = (accept: string) => answerBody(request({ 'accept-encoding': accept }), answer).encoding;
    expect(encodingFor('gzip, br')).toBe('br');
    expect(encodingFor('*')).toBe('gzip');
    expect(encodingFor('br;q=0, gzip')).toBe('gzip');
    expect(encodingFor('BR')).toBe('br');
    expect(encodingFor('identity')).toBeNull();
    expect(encodingFor('deflate')).toBeNull();
  });

  it('stays plain for a small body, a HEAD, no Accept-Encoding or x-no-compression', () => {
    const answer = toAnswer({ body: campaignJson, campaignId: null });
    const small = toAnswer({ body: '{"total":1}', campaignId: null });
    for (const [req, sent] of [
      [request({ 'accept-encoding': 'br' }), small],
      [request({ 'accept-encoding': 'br' }, 'HEAD'), answer],
      [request({}), answer],
      [request({ 'accept-encoding': 'br', 'x-no-compression': '1' }), answer],
    ] as const)
      expect(answerBody(req, sent)).toEqual({ body: sent.body, encoding: null });
  });
});
