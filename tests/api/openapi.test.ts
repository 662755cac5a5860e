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
type Operation = {
  responses: Record<string, unknown>;
  security?: unknown[];
  parameters?: Array<{ name: string; in: string; schema: Json }>;
  requestBody?: { content: Record<string, { schema?: Json }> };
  'x-permissions'?: string[];
};
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
      // Every success but a 204 says what its body is: JSON with its schema, or a file of its media type.
      for (const status of successes.filter((s) => s !== '204')) {
        const answer = operation.responses[status] as { content?: Record<string, { schema?: Json }> };
        const media = Object.entries(answer.content ?? {});
        if (media.length === 0 || media.some(([, content]) => !content.schema)) undeclared.push(`${name} ${status}`);
      }
      expect(statuses, `${name} may fail`).toContain('500');
    }
    expect(undeclared, 'operations without a declared success body').toEqual([]);
    // A call that needs a bearer token says so, and says it may answer 401.
    const profile = document.paths['/users/profile']?.get;
    expect(profile?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(profile?.responses ?? {})).toContain('401');
  });

  it('says who may call: no token for guests, an optional one, a bearer token, or an admin with permissions (401, 403)', async () => {
    const { paths } = await openApi();
    const statuses = (operation?: Operation) => Object.keys(operation?.responses ?? {});
    for (const guest of [paths['/campaigns']?.get, paths['/categories']?.get, paths['/health']?.get]) {
      expect(guest?.security).toEqual([]);
      expect(statuses(guest)).not.toContain('401');
    }
    // A guest may give; a signed-in donor's token, when sent, must be valid.
    const giving = paths['/campaigns/{slug}/donations']?.post;
    expect(giving?.security).toEqual([{}, { bearer: [] }]);
    expect(statuses(giving)).toContain('401');
    const finances = paths['/admin/finances']?.get;
    expect(finances?.security).toEqual([{ bearer: [] }]);
    expect(finances?.['x-permissions']).toEqual(['MANAGE_FINANCES']);
    expect(statuses(finances)).toEqual(expect.arrayContaining(['401', '403']));
    // A path parameter names something that may not exist.
    expect(statuses(paths['/admin/donations/{id}']?.get)).toEqual(expect.arrayContaining(['401', '403', '404']));
  });

  it('names the media type of every file answer and upload, and the Idempotency-Key of payment calls', async () => {
    const { paths } = await openApi();
    const mediaTypes = (operation?: Operation, status = '200') =>
      Object.keys((operation?.responses[status] as { content?: Json } | undefined)?.content ?? {});
    expect(mediaTypes(paths['/admin/donations/export.csv']?.get)).toEqual(['text/csv; charset=utf-8']);
    expect(mediaTypes(paths['/admin/finances/export.csv']?.get)).toEqual(['text/csv; charset=utf-8']);
    expect(mediaTypes(paths['/admin/finances/export.xlsx']?.get)).toEqual([
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    expect(mediaTypes(paths['/gift-card-orders/{id}/cards.pdf']?.get)).toEqual(['application/pdf']);
    expect(mediaTypes(paths['/admin/finances/exports/{id}/file']?.get)).toEqual([
      'text/csv; charset=utf-8',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    expect(Object.keys(paths['/gift-card-logos']?.post?.requestBody?.content ?? {})).toEqual(
      expect.arrayContaining(['image/png', 'image/jpeg']),
    );
    const giving = paths['/donations']?.post;
    expect(giving?.parameters?.find((p) => p.in === 'header')?.name).toBe('idempotency-key');
    expect(Object.keys(giving?.responses ?? {})).toContain('409');
  });

  it('carries the refinements of the zod contracts: patterns, formats and examples, the rest in words', async () => {
    const { paths } = await openApi();
    const signUp = paths['/users']?.post?.requestBody?.content['application/json']?.schema as {
      properties: Record<string, Json>;
      description: string;
      examples: unknown[];
    };
    expect(signUp.properties.email).toMatchObject({ type: 'string', format: 'email' });
    expect(signUp.properties.phone).toMatchObject({ pattern: expect.any(String), examples: ['(11) 98765-4321'] });
    expect(signUp.description).toContain('person_type INDIVIDUAL gives a valid cpf');
    // Check digits are no pattern: the description names the rule, in English.
    const account = paths['/admin/pix-accounts']?.post?.requestBody?.content['application/json']?.schema;
    expect(account?.description).toMatch(/Checked by the server: .*CPF/);
    // Rules across query parameters are told in the operation's description.
    expect(paths['/admin/finances']?.get).toMatchObject({ description: expect.stringContaining('Query: Checked by the server:') });
    expect(signUp.examples).toHaveLength(1);
    // Plain text (no control characters) is a pattern.
    const slug = paths['/campaigns/{slug}']?.get?.parameters?.find((p) => p.name === 'slug');
    expect(slug?.schema.maxLength).toBeLessThanOrEqual(100);
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
