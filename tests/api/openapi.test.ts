import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

type Json = Record<string, unknown>;
type Operation = { responses: Record<string, unknown>; security?: unknown[] };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

async function openApi(): Promise<Document> {
  const response = await call(ctx.app, 'GET', '/api/v1/openapi.json');
  expect(response.statusCode).toBe(200);
  return response.json() as Document;
}

/** "GET /campaigns/{slug}" for every operation of the document. */
const operationsOf = (document: Document): string[] =>
  Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));

/**
 * The calls docs/api.md lists in its tables: "GET /wallet", and the short forms "POST /subscriptions/{id}/pause
 * · /resume · /cancel" (same method, last segment replaced) and "GET /x?token · POST /x {token}".
 */
function documentedCalls(): string[] {
  const calls = new Set<string>();
  for (const line of readFileSync('docs/api.md', 'utf8').split('\n')) {
    const cell = /^\| ((?:GET|POST|PUT|PATCH|DELETE) \/[^|]*)\|/.exec(line)?.[1];
    if (!cell) continue;
    let method = '';
    let previous = '';
    for (const part of cell.split(' · ')) {
      const full = /^(GET|POST|PUT|PATCH|DELETE) (\/\S*)/.exec(part.trim());
      const short = /^(\/[\w{}-]+)/.exec(part.trim());
      let path: string;
      if (full) [, method = '', path = ''] = full;
      else if (short && previous) path = previous.replace(/\/[^/]+$/, short[1] ?? '');
      else continue;
      path = path.replace(/\?.*$/, '');
      calls.add(`${method} ${path}`);
      previous = path;
    }
  }
  return [...calls];
}

describe('GET /api/v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, open to anyone', async () => {
    const document = await openApi();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every /api/v1 route with its answers: a success, and the error shape for what it checks', async () => {
    const document = await openApi();
    const listed = operationsOf(document);
    const undeclared: string[] = [];
    expect(listed).toContain('GET /health');
    expect(listed).toContain('POST /campaigns/{slug}/donations');
    for (const [name, operation] of Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => [`${method} ${path}`, op] as const),
    )) {
      const statuses = Object.keys(operation.responses);
      const successes = statuses.filter((s) => /^2\d\d$/.test(s));
      if (successes.length === 0) undeclared.push(name);
      // Every success but a 204 says what its body is.
      for (const status of successes.filter((s) => s !== '204')) {
        const answer = operation.responses[status] as { content?: Record<string, { schema?: Json }> };
        if (!answer.content?.['application/json']?.schema) undeclared.push(`${name} ${status}`);
      }
      expect(statuses, `${name} may fail`).toContain('500');
    }
    expect(undeclared, 'operations without a declared success body').toEqual([]);
    // A call that needs a bearer token says so, and says it may answer 401.
    const profile = document.paths['/users/profile']?.get;
    expect(profile?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(profile?.responses ?? {})).toContain('401');
  });

  it('a 204 answer has no body', async () => {
    const response = await call(ctx.app, 'DELETE', '/api/v1/sessions', { refresh_token: 'x'.repeat(40) });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });

  it('matches docs/api.md call for call: the reference never drifts from the routes', async () => {
    const listed = operationsOf(await openApi()).sort();
    expect(documentedCalls().sort()).toEqual(listed);
  });
});
