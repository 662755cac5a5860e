import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PERMISSIONS } from '../../contracts/permissions';
import { grantAdmin, newSession } from './helpers/fixtures';
import { createCampaign } from './helpers/giving';
import {
  createResponseValidator,
  documentedMediaType,
  operationsOf,
  sampleOf,
  tokenNeed,
  type OpenApiDocument,
  type Operation,
} from './helpers/openapi-contract';
import { call, createTestContext, type TestContext } from './helpers/test-app';

/**
 * The OpenAPI document and the server agree (what scripts/schemathesis.sh checks with schemathesis
 * `--checks all`, here in the suite on both databases): every operation of GET /api/v1/openapi.json is
 * called with requests made from the document's own schemas (their examples where they give some,
 * generated values elsewhere), with and without a bearer token, plus requests the document calls invalid;
 * the answers must be documented (status, media type, body schema), never 5xx; a request the document
 * calls valid is never refused as invalid input; one it calls invalid is refused with a documented 4xx;
 * a protected operation without a token is 401, an admin's one with a donor's token 403.
 *
 * Nothing is left out: the payment calls run against the in-process sandbox provider, and the provider
 * webhooks (which a caller cannot sign) answer their documented 400 webhook.signature_invalid.
 */

const VALID_REQUESTS_PER_OPERATION = 3;
const SEED = 20261129;

let ctx: TestContext;
let document: OpenApiDocument;
const tokens = { donor: '', admin: '' };
/** Path parameters that name something the fixtures made, so calls get past "not found" too. */
const known: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  known.slug = (await createCampaign(ctx.database.db)).slug;
  tokens.donor = (await newSession(ctx.app)).token;
  const admin = await newSession(ctx.app);
  await grantAdmin(ctx, admin.user.id, PERMISSIONS);
  tokens.admin = admin.token;
  const answer = await call(ctx.app, 'GET', '/api/v1/openapi.json');
  expect(answer.statusCode, answer.body).toBe(200);
  document = answer.json() as OpenApiDocument;
}, 60_000);
afterAll(() => ctx?.close());

interface Built {
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  /** A file upload's media type: the body goes as bytes, not JSON. */
  upload?: string;
}

const encode = (value: unknown) => encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));

/** A request the document calls valid: every required parameter and the body from their schemas. */
function validRequest(operation: Operation, seed: number): Built {
  const withOptionals = seed % 2 === 1;
  let path = operation.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    if (!parameter.required && !withOptionals) continue;
    const value =
      parameter.in === 'path' && known[parameter.name] && seed % 3 !== 2
        ? known[parameter.name]
        : sampleOf(parameter.schema, seed, withOptionals);
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encode(value));
    else if (parameter.in === 'query')
      for (const item of [value].flat()) query.append(parameter.name, typeof item === 'string' ? item : JSON.stringify(item));
    // One key per call: the same key with another body is a (documented) 409, not what is tested here.
    else headers[parameter.name] = parameter.name === 'idempotency-key' ? `contract-${randomUUID()}` : String(value);
  }
  const content = operation.requestBody?.content ?? {};
  const schema = content['application/json']?.schema;
  const qs = query.toString();
  const url = `/api/v1${path}${qs ? `?${qs}` : ''}`;
  // An upload's bytes decide what the file is: these few are no file at all, and a documented 4xx is all that is asked.
  const upload = Object.keys(content).find((type) => type !== 'application/json');
  if (!schema && upload) return { url, headers, body: 'Nome,E-mail', upload };
  return { url, headers, ...(schema ? { body: sampleOf(schema, seed, withOptionals) } : {}) };
}

/** Requests the document calls invalid: a body of the wrong type, a path parameter out of its pattern. */
function invalidRequests(operation: Operation): Built[] {
  const valid = validRequest(operation, SEED);
  const invalid: Built[] = [];
  const body = operation.requestBody?.content['application/json']?.schema;
  if (body && body.type === 'object') invalid.push({ ...valid, body: ['not', 'an', 'object'] });
  const patterned = operation.parameters.find((p) => p.in === 'path' && (p.schema.pattern || p.schema.format === 'uuid'));
  if (patterned) {
    const path = operation.path.replace(`{${patterned.name}}`, 'not%20a%20valid%20value!');
    invalid.push({
      ...valid,
      url: valid.url.replace(
        /^\/api\/v1[^?]*/,
        `/api/v1${path.replace(/\{(\w+)\}/g, (_m, name: string) => encode(known[name] ?? randomUUID()))}`,
      ),
    });
  }
  return invalid;
}

function send(operation: Operation, request: Built, token: string | null): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) };
  if (request.body === undefined) return ctx.app.inject({ method: operation.method as 'GET', url: request.url, headers });
  headers['content-type'] = request.upload ?? 'application/json';
  const payload = request.upload ? String(request.body) : JSON.stringify(request.body);
  return ctx.app.inject({ method: operation.method as 'GET', url: request.url, headers, payload });
}

it('every operation answers as the document says: documented statuses, media types and bodies, valid input accepted, 401 without a token', async () => {
  const validate = createResponseValidator(document);
  const failures: string[] = [];
  const statuses = new Map<string, number>();
  let sent = 0;

  const check = (operation: Operation, kind: string, response: LightMyRequestResponse, request: Built) => {
    sent++;
    const name = `${operation.method} ${operation.path}`;
    const status = String(response.statusCode);
    const label = `${name} (${kind}) ${status} ${request.url} ${JSON.stringify(request.body ?? null).slice(0, 160)} -> ${response.body.slice(0, 200)}`;
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    // The whole request of a 5xx, to replay it.
    if (response.statusCode >= 500) failures.push(`server error: ${label} ${JSON.stringify(request)}`);
    const answer = operation.responses[status];
    if (!answer) return failures.push(`undocumented status: ${label}`);
    if (!answer.content) {
      if (response.body !== '') failures.push(`body on a bodiless answer: ${label}`);
      return;
    }
    const contentType = response.headers['content-type'] as string | undefined;
    const mediaType = documentedMediaType(answer, contentType);
    if (!mediaType) return failures.push(`undocumented content-type ${contentType}: ${label}`);
    if (mediaType.startsWith('application/json')) {
      const schema = answer.content[mediaType]?.schema ?? {};
      const error = validate(`${name} ${status}`, schema, JSON.parse(response.body));
      if (error) failures.push(`body off its schema (${error}): ${label}`);
    }
  };

  for (const operation of operationsOf(document)) {
    const need = tokenNeed(operation);
    const admins = operation['x-permissions'] !== undefined && need === 'required';
    const token = need === 'none' ? null : admins ? tokens.admin : tokens.donor;
    for (let i = 0; i < VALID_REQUESTS_PER_OPERATION; i++) {
      const request = validRequest(operation, SEED + i);
      const response = await send(operation, request, token);
      check(operation, 'valid', response, request);
      // The refinement gap: the document called this input valid, the server's schema refused it.
      if (!request.upload && response.statusCode === 400 && (response.json() as { code?: string }).code === 'validation.failed')
        failures.push(
          `valid input refused: ${operation.method} ${operation.path} ${JSON.stringify(request.body ?? null).slice(0, 300)} ${request.url} -> ${response.body.slice(0, 300)}`,
        );
    }
    for (const request of invalidRequests(operation)) {
      const response = await send(operation, request, token);
      check(operation, 'invalid', response, request);
      if (response.statusCode < 400 || response.statusCode >= 500)
        failures.push(`invalid input accepted: ${operation.method} ${operation.path} ${response.statusCode} ${request.url}`);
    }
    if (need === 'required') {
      const request = validRequest(operation, SEED);
      const response = await send(operation, request, null);
      check(operation, 'no token', response, request);
      if (response.statusCode !== 401) failures.push(`no token, not 401: ${operation.method} ${operation.path} ${response.statusCode}`);
      if (admins) {
        const asDonor = await send(operation, request, tokens.donor);
        check(operation, 'donor token', asDonor, request);
        if (asDonor.statusCode !== 403)
          failures.push(`donor on an admin call, not 403: ${operation.method} ${operation.path} ${asDonor.statusCode}`);
      }
    }
  }
  console.log(
    `openapi contract (${process.env.TEST_DB ?? 'pglite'}): ${operationsOf(document).length} operations, ${sent} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
  );
  expect(failures).toEqual([]);
}, 120_000);
