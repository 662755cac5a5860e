import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { API_PREFIX } from '../../contracts/constants';
import { apiErrorSchema } from '../../contracts/errors';

/**
 * The OpenAPI 3.1 document of /api/v1 at GET /api/v1/openapi.json, made from the routes themselves:
 * every route registered after this plugin is recorded with its zod schemas (params, query string,
 * body, responses), so the document cannot drift from what the server validates and answers. Error
 * answers are the one shape of contracts/errors.ts; which ones a route may give follows from what it
 * checks (a schema: 400; a bearer token: 401; a rate limit: 429).
 */

type Json = Record<string, unknown>;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

interface RecordedRoute {
  method: Method;
  url: string;
  schema: RouteOptions['schema'];
  authenticated: boolean;
  rateLimited: boolean;
}

const METHODS: readonly Method[] = ['get', 'post', 'put', 'patch', 'delete'];

/** JSON Schema (2020-12, which OpenAPI 3.1 uses) of a zod schema; what JSON cannot say is left open. */
const jsonSchemaOf = (schema: unknown, io: 'input' | 'output'): Json =>
  schema instanceof z.ZodType ? (z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json) : {};

const withoutDialect = ({ $schema: _dialect, ...rest }: Json): Json => rest;

/** /campaigns/:slug/donations → /campaigns/{slug}/donations */
export const openApiPath = (url: string): string => url.slice(API_PREFIX.length).replace(/:(\w+)/g, '{$1}') || '/';

function parametersOf(schema: RouteOptions['schema'], url: string): Json[] {
  const params: Json[] = [];
  for (const [place, source] of [
    ['path', schema?.params],
    ['query', schema?.querystring],
  ] as const) {
    const properties = (jsonSchemaOf(source, 'input').properties ?? {}) as Record<string, Json>;
    const required = new Set((jsonSchemaOf(source, 'input').required ?? []) as string[]);
    for (const [name, property] of Object.entries(properties)) {
      params.push({ name, in: place, required: place === 'path' || required.has(name), schema: withoutDialect(property) });
    }
  }
  // A path parameter the schema does not describe is still a parameter of the path.
  for (const [, name] of url.matchAll(/:(\w+)/g)) {
    if (!params.some((p) => p.in === 'path' && p.name === name))
      params.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  }
  return params;
}

const ERROR_DESCRIPTIONS: Record<string, string> = {
  '400': 'Refused input (validation.failed), nothing written',
  '401': 'No valid bearer token (token.missing, token.expired, token.invalid)',
  '429': 'Too many calls (rate_limited), see retry-after',
  '500': 'Unexpected error (internal)',
};

function responsesOf(route: RecordedRoute): Json {
  const responses: Json = {};
  const declared = (route.schema?.response ?? {}) as Record<string, unknown>;
  for (const [status, schema] of Object.entries(declared)) {
    const description =
      status === '204' ? 'Success, no content' : status.startsWith('2') ? 'Success' : (ERROR_DESCRIPTIONS[status] ?? 'Answer');
    responses[status] =
      status === '204'
        ? { description }
        : { description, content: { 'application/json': { schema: withoutDialect(jsonSchemaOf(schema, 'output')) } } };
  }
  const errors = ['500'];
  if (route.schema?.body || route.schema?.querystring || route.schema?.params) errors.push('400');
  if (route.authenticated) errors.push('401');
  if (route.rateLimited) errors.push('429');
  for (const status of errors) {
    responses[status] ??= {
      description: ERROR_DESCRIPTIONS[status],
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
    };
  }
  return responses;
}

export function openApiDocument(routes: readonly RecordedRoute[]): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const operation: Json = { parameters: parametersOf(route.schema, route.url), responses: responsesOf(route) };
    if (route.schema?.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: withoutDialect(jsonSchemaOf(route.schema.body, 'input')) } },
      };
    }
    if (route.authenticated) operation.security = [{ bearer: [] }];
    (paths[openApiPath(route.url)] ??= {})[route.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Semear API', version: '1', description: 'Donations, monthly giving, wallets and gift cards. See docs/api.md.' },
    servers: [{ url: API_PREFIX }],
    paths,
    components: {
      schemas: { ApiError: withoutDialect(jsonSchemaOf(apiErrorSchema, 'output')) },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}

const hooksOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value ? [value] : []);

export const openApiPlugin = fp(
  async (app) => {
    const routes: RecordedRoute[] = [];
    app.addHook('onRoute', (options) => {
      if (!options.url.startsWith(`${API_PREFIX}/`) || options.url === `${API_PREFIX}/openapi.json`) return;
      const hooks = hooksOf(options.onRequest);
      for (const method of hooksOf(options.method)) {
        const lower = String(method).toLowerCase() as Method;
        if (!METHODS.includes(lower)) continue;
        routes.push({
          method: lower,
          url: options.url,
          schema: options.schema,
          authenticated: hooks.includes(app.authenticate) || hooks.includes(app.optionalAuthenticate),
          rateLimited: Boolean((options.config as { rateLimit?: unknown } | undefined)?.rateLimit),
        });
      }
    });
    let document: Json | null = null;
    app.get(`${API_PREFIX}/openapi.json`, async () => (document ??= openApiDocument(routes)));
  },
  { name: 'semear-openapi', dependencies: ['semear-authentication'] },
);
