import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { API_PREFIX, IDEMPOTENCY_KEY_HEADER } from '../../contracts/constants';
import { apiErrorSchema } from '../../contracts/errors';
import { messages as m } from '../../contracts/messages';
import { FILE_MEDIA_TYPES, fileAnswerSchema, type FileExtension } from '../../contracts/http';
import { callerGateOf, type CallerGate } from './authentication';

/**
 * The OpenAPI 3.1 document of /api/v1 at GET /api/v1/openapi.json, made from the routes themselves:
 * every route registered after this plugin is recorded with its zod schemas (params, query string,
 * body, responses) and its onRequest gate, so the document cannot drift from what the server
 * validates and answers. What it guarantees (docs/api.md, "The OpenAPI document"):
 * - security: a route behind `authenticate` or `requirePermissions` needs a bearer token; one behind
 *   `optionalAuthenticate` takes it optionally (`[{}, {bearer: []}]`); any other needs none;
 * - error answers (the one shape of contracts/errors.ts) follow from what a route checks: input (400,
 *   413/415 for a body), a token (401), permissions (403), a path parameter or a lookup (404), a
 *   rate limit (429), plus those the route declares itself;
 * - zod refinements JSON Schema cannot say (check digits, rules across fields) are named in the
 *   schema's description, in English, and every example given is one the server accepts;
 * - a file answer names its real media type (text/csv; charset=utf-8, application/pdf…), not JSON.
 * tests/api/openapi-contract.test.ts calls every operation with requests made from this document and
 * holds the server to it; scripts/schemathesis.sh does the same with schemathesis.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call needs an Idempotency-Key header (server/http/idempotent-answer.ts): the document says so. */
    idempotencyKey?: boolean;
  }
}

type Json = Record<string, unknown>;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

interface RecordedRoute {
  method: Method;
  url: string;
  schema: RouteOptions['schema'];
  gate: CallerGate | null;
  rateLimited: boolean;
  idempotencyKey: boolean;
  /** The file types a route without a body schema reads as its body (its own content-type parsers). */
  uploads: string[];
}

/** English text of a refinement's message id, or null when the id is not a message of ours. */
export type DescribeMessage = (id: string) => string | null;

const DOCUMENT_LIFETIME_MS = 24 * 60 * 60 * 1000;
const METHODS: readonly Method[] = ['get', 'post', 'put', 'patch', 'delete'];
/** Media types an upload route may take as its body (the bytes decide what the file is). */
const UPLOAD_TYPES = [
  'text/csv',
  'application/vnd.ms-excel',
  FILE_MEDIA_TYPES.xlsx,
  FILE_MEDIA_TYPES.png,
  FILE_MEDIA_TYPES.jpg,
  FILE_MEDIA_TYPES.webp,
  'application/octet-stream',
];
const WITH_BODY: readonly Method[] = ['post', 'put', 'patch'];

interface CustomCheckDef {
  check?: string;
  error?: (issue: { code: string; input: unknown }) => unknown;
}

/** A refinement's message id (its `error`), or '' when it has none of its own. */
function messageIdOf(def: CustomCheckDef): string {
  try {
    const id = def.error?.({ code: 'custom', input: undefined });
    return typeof id === 'string' ? id : '';
  } catch {
    return '';
  }
}

/** The message ids of a zod schema's own refinements (`.refine(fn, { error: id })`); '' for a superRefine. */
function refinementsOf(schema: unknown): string[] {
  const checks = ((schema as { _zod?: { def?: { checks?: unknown[] } } })._zod?.def?.checks ?? []) as Array<{
    _zod?: { def?: CustomCheckDef };
  }>;
  const ids: string[] = [];
  for (const check of checks) {
    const def = check._zod?.def;
    if (def?.check !== 'custom') continue;
    ids.push(messageIdOf(def));
  }
  return ids;
}

/**
 * JSON Schema (2020-12, which OpenAPI 3.1 uses) of a zod schema. What zod says in JSON Schema terms
 * (patterns, lengths, formats, enums) comes as zod writes it; metadata given with `.meta()` (examples, a
 * pattern or format a refinement stands for) is kept also where zod drops it (the input side of a
 * transform); refinements JSON Schema cannot say are named in `description`.
 */
function jsonSchemaOf(schema: unknown, io: 'input' | 'output', describe: DescribeMessage): Json {
  if (!(schema instanceof z.ZodType)) return {};
  return z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const target = jsonSchema as Json;
      const meta = z.globalRegistry.get(zodSchema as unknown as z.ZodType) ?? {};
      // `.meta()` is the contract's own word on what JSON Schema should say (e.g. a pattern narrower than a refinement).
      for (const [key, value] of Object.entries(meta)) if (key !== 'id' && value !== undefined) target[key] = value;
      if (io !== 'input') return;
      // A text checked, then piped into a format (`.pipe(z.email())`): the text must be of that format.
      const def = (zodSchema as { _zod: { def: { type: string; out?: { _zod?: { def?: { format?: string } } } } } })._zod.def;
      const format = def.type === 'pipe' ? def.out?._zod?.def?.format : undefined;
      if (format && target.type === 'string' && !target.format) target.format = JSON_FORMATS[format] ?? format;
      const ids = refinementsOf(zodSchema);
      // Plain text (contracts/plain-text.ts) is what a pattern can say: no control characters.
      if (ids.includes(PLAIN_TEXT_RULE) && target.type === 'string' && !target.pattern) target.pattern = PLAIN_TEXT_PATTERN;
      const rules = ids.filter((id) => id !== PLAIN_TEXT_RULE).map((id) => (id ? describe(id) : null));
      if (rules.length === 0) return;
      const named = [...new Set(rules.filter((rule): rule is string => rule !== null))];
      const notes = named.length > 0 ? [`Checked by the server: ${named.join('; ')}.`] : [];
      // A superRefine (or a refinement with no message of ours) that `.meta({ description })` did not explain.
      if (rules.includes(null) && !meta.description) notes.push('Further rules are checked by the server (see docs/api.md).');
      const description = [target.description, ...notes].filter(Boolean).join(' ');
      if (description) target.description = description;
    },
  }) as Json;
}

/** zod's string formats by their JSON Schema names, where they differ. */
const JSON_FORMATS: Record<string, string> = { url: 'uri' };
const PLAIN_TEXT_RULE = m.invalidCharacters.id;
/** isPlainText of a one-line field (a JSON string cannot carry the lone surrogates it also refuses). */
const PLAIN_TEXT_PATTERN = '^[^\\u0000-\\u001f\\u007f-\\u009f]*$';

const withoutDialect = ({ $schema: _dialect, ...rest }: Json): Json => rest;

/** /campaigns/:slug/donations → /campaigns/{slug}/donations */
export const openApiPath = (url: string): string => url.slice(API_PREFIX.length).replace(/:(\w+)/g, '{$1}') || '/';

/** The header idempotencyKeyOf reads: 8 to 255 characters, one per intended call. */
const idempotencyKeyParameter: Json = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: true,
  description: 'One key per intended call: a retry with the same key and body gets the first answer (idempotency.key_required if missing).',
  schema: { type: 'string', minLength: 8, maxLength: 255, pattern: '^\\S(?:.*\\S)?$', examples: ['3f1c9a52-doacao-0001'] },
};

/** Property names of a JSON Schema, at any depth. */
function propertyNames(schema: unknown): string[] {
  if (Array.isArray(schema)) return schema.flatMap(propertyNames);
  if (!schema || typeof schema !== 'object') return [];
  const properties = (schema as Json).properties as Json | undefined;
  return [...Object.keys(properties ?? {}), ...Object.values(schema).flatMap(propertyNames)];
}

/** An input naming a thing the server looks up (an id, a slug, a token, a code): it may not exist. */
const NAMES_A_THING = /(^|_)(id|ids|slug|slugs|token|code|campaign|cause)$/;
/** An input carrying a credential (sign-in, a session's refresh): a wrong one is a 401. */
const CREDENTIAL = /^(password|refresh_token)$/;

function parametersOf(route: RecordedRoute, describe: DescribeMessage, maxParamLength: number): Json[] {
  const { schema, url } = route;
  const params: Json[] = route.idempotencyKey ? [idempotencyKeyParameter] : [];
  for (const [place, source] of [
    ['path', schema?.params],
    ['query', schema?.querystring],
  ] as const) {
    const json = jsonSchemaOf(source, 'input', describe);
    const properties = (json.properties ?? {}) as Record<string, Json>;
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      const schema = withoutDialect(property);
      // Longer path parameters never reach a route: the router answers 414.
      if (place === 'path') schema.maxLength = Math.min(Number(schema.maxLength ?? Infinity), maxParamLength);
      params.push({ name, in: place, required: place === 'path' || required.has(name), schema });
    }
  }
  // A path parameter the schema does not describe is still a parameter of the path.
  for (const [, name] of url.matchAll(/:(\w+)/g)) {
    if (!params.some((p) => p.in === 'path' && p.name === name))
      params.push({ name, in: 'path', required: true, schema: { type: 'string', maxLength: maxParamLength } });
  }
  return params;
}

const ERROR_DESCRIPTIONS: Record<string, string> = {
  '400': 'Refused input (validation.failed and the codes of the rules the route checks), nothing written',
  '401': 'No valid bearer token (token.missing, token.expired, token.invalid)',
  '403': 'Signed in, but not an admin with the permissions this call needs (forbidden)',
  '404': 'What the path or the request names does not exist, or is not the caller’s',
  '409': 'Conflicts with the current state (e.g. an idempotency key reused with another body)',
  '410': 'No longer available',
  '413': 'Body larger than this call takes',
  '414': 'A path parameter longer than the router takes',
  '415': 'Body of a media type this call does not take',
  '422': 'Understood, but refused by a business rule (see its code)',
  '429': 'Too many calls (rate_limited), see retry-after',
  '500': 'Unexpected error (internal)',
  '503': 'Busy or a dependency is unavailable: try again shortly',
};

const errorAnswer = (status: string): Json => ({
  description: ERROR_DESCRIPTIONS[status] ?? 'Refused (see its code)',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
});

const isFileAnswer = (schema: unknown): boolean =>
  schema === fileAnswerSchema || Boolean((z.globalRegistry.get(schema as z.ZodType) as Json | undefined)?.fileExtensions);

/** A file answer's content: its media types from the schema (fileAnswerOf) or the URL's extension. */
function fileContent(schema: unknown, url: string): Json {
  const declared = (z.globalRegistry.get(schema as z.ZodType) as { fileExtensions?: FileExtension[] } | undefined)?.fileExtensions;
  const extension = /\.(\w+)$/.exec(url)?.[1] as FileExtension | undefined;
  const types = declared ?? (extension && extension in FILE_MEDIA_TYPES ? [extension] : []);
  const mediaTypes = types.map((t) => FILE_MEDIA_TYPES[t]);
  if (mediaTypes.length === 0) throw new Error(`${url}: a file answer without a known extension must say its kinds (fileAnswerOf)`);
  return Object.fromEntries(mediaTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type.split(';')[0] } }]));
}

/** The error statuses a route can answer from what it checks, besides those it declares. */
function checkedErrors(route: RecordedRoute, inputNames: readonly string[]): string[] {
  const errors = ['500'];
  const takesBody = Boolean(route.schema?.body) || WITH_BODY.includes(route.method);
  if (route.schema?.body || route.schema?.querystring || route.schema?.params || takesBody) errors.push('400');
  if (takesBody) errors.push('413', '415');
  if (route.gate || inputNames.some((name) => CREDENTIAL.test(name))) errors.push('401');
  if (route.gate?.kind === 'permissions') errors.push('403');
  if (/:\w+/.test(route.url)) errors.push('404', '414');
  else if (inputNames.some((name) => NAMES_A_THING.test(name))) errors.push('404');
  if (route.rateLimited) errors.push('429');
  // The same key again while the first call runs, or with another body.
  if (route.idempotencyKey) errors.push('409');
  return errors;
}

function responsesOf(route: RecordedRoute, describe: DescribeMessage, inputNames: readonly string[]): Json {
  const responses: Json = {};
  const declared = (route.schema?.response ?? {}) as Record<string, unknown>;
  for (const [status, schema] of Object.entries(declared)) {
    if (!status.startsWith('2') && schema === apiErrorSchema) responses[status] = errorAnswer(status);
    else if (status === '204') responses[status] = { description: 'Success, no content' };
    else if (isFileAnswer(schema)) responses[status] = { description: 'Success: the file', content: fileContent(schema, route.url) };
    else
      responses[status] = {
        description: status.startsWith('2') ? 'Success' : (ERROR_DESCRIPTIONS[status] ?? 'Refused (see its body)'),
        content: { 'application/json': { schema: withoutDialect(jsonSchemaOf(schema, 'output', describe)) } },
      };
  }
  for (const status of checkedErrors(route, inputNames)) responses[status] ??= errorAnswer(status);
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

function securityOf(gate: CallerGate | null): Json {
  if (!gate) return { security: [] };
  if (gate.kind === 'optional-bearer')
    return {
      security: [{}, { bearer: [] }],
      description: 'Open to guests. A bearer token is optional; when sent, it must be valid (else 401).',
    };
  if (gate.kind === 'bearer') return { security: [{ bearer: [] }] };
  return {
    security: [{ bearer: [] }],
    description: `An admin's call: role ADMIN with the permissions ${gate.permissions.join(', ')} (else 403).`,
    'x-permissions': [...gate.permissions],
  };
}

export function openApiDocument(
  routes: readonly RecordedRoute[],
  { describe = () => null, maxParamLength = 100 }: { describe?: DescribeMessage; maxParamLength?: number } = {},
): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const parameters = parametersOf(route, describe, maxParamLength);
    const body = route.schema?.body;
    const bodySchema = body ? withoutDialect(jsonSchemaOf(body, 'input', describe)) : null;
    const inputNames = [...parameters.map((p) => String(p.name)), ...propertyNames(bodySchema)];
    const operation: Json = { ...securityOf(route.gate), parameters, responses: responsesOf(route, describe, inputNames) };
    // Rules across query parameters have no schema of their own to be told in.
    const queryRules = jsonSchemaOf(route.schema?.querystring, 'input', describe).description;
    if (typeof queryRules === 'string') operation.description = [operation.description, `Query: ${queryRules}`].filter(Boolean).join(' ');
    if (bodySchema) {
      operation.requestBody = {
        required: !(body instanceof z.ZodType && body.safeParse(undefined).success),
        content: { 'application/json': { schema: bodySchema } },
      };
    } else if (route.uploads.length > 0) {
      operation.requestBody = {
        required: true,
        description: 'The file’s bytes: they decide what it is, whatever type is claimed (a file that cannot be read is a 400).',
        content: Object.fromEntries(route.uploads.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])),
      };
    }
    (paths[openApiPath(route.url)] ??= {})[route.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Semear API', version: '1', description: 'Donations, monthly giving, wallets and gift cards. See docs/api.md.' },
    servers: [{ url: API_PREFIX }],
    paths,
    components: {
      schemas: { ApiError: withoutDialect(jsonSchemaOf(apiErrorSchema, 'output', describe)) },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}

const hooksOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value ? [value] : []);

export const openApiPlugin = fp(
  async (app) => {
    const routes: RecordedRoute[] = [];
    // `this` is the context the route is declared in: its content-type parsers are the route's.
    app.addHook('onRoute', function recordRoute(this: FastifyInstance, options) {
      if (!options.url.startsWith(`${API_PREFIX}/`) || options.url === `${API_PREFIX}/openapi.json`) return;
      const hooks = [options.onRequest, options.preValidation, options.preHandler].flatMap(hooksOf);
      const gate = hooks.map(callerGateOf).find(Boolean) ?? null;
      for (const method of hooksOf(options.method)) {
        const lower = String(method).toLowerCase() as Method;
        if (!METHODS.includes(lower)) continue;
        routes.push({
          method: lower,
          url: options.url,
          schema: options.schema,
          gate,
          rateLimited: Boolean((options.config as { rateLimit?: unknown } | undefined)?.rateLimit),
          idempotencyKey: options.config?.idempotencyKey === true,
          uploads: options.schema?.body || !WITH_BODY.includes(lower) ? [] : UPLOAD_TYPES.filter((type) => this.hasContentTypeParser(type)),
        });
      }
    });
    const describe: DescribeMessage = (id) => (app.translator.has(id) ? app.translator.translate('en', id) : null);
    const maxParamLength = app.initialConfig.maxParamLength ?? 100;
    // Made again each day: a few examples are moments the server accepts only for some days (a page view's).
    let made: { document: Json; at: number } | null = null;
    app.get(`${API_PREFIX}/openapi.json`, async () => {
      if (!made || Date.now() - made.at > DOCUMENT_LIFETIME_MS)
        made = { document: openApiDocument(routes, { describe, maxParamLength }), at: Date.now() };
      return made.document;
    });
  },
  { name: 'semear-openapi', dependencies: ['semear-authentication'] },
);
