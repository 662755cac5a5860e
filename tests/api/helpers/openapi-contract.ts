import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { generateSync } from 'json-schema-faker';

/**
 * What schemathesis (scripts/schemathesis.sh) does, for tests/api/openapi-contract.test.ts: requests made
 * from the OpenAPI document's own schemas, and the checks of `--checks all` on what comes back.
 */

export type Json = Record<string, unknown>;
export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Json;
}
export interface Answer {
  description: string;
  content?: Record<string, { schema?: Json }>;
}
export interface Operation {
  method: string;
  path: string;
  security?: Array<Record<string, string[]>>;
  parameters: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: Json }> };
  responses: Record<string, Answer>;
  /** The permissions of an admin call (a bearer call may answer 403 for other reasons: step-up). */
  'x-permissions'?: string[];
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  components: { schemas: Record<string, Json> };
}

export const operationsOf = (document: OpenApiDocument): Operation[] =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ ...operation, method: method.toUpperCase(), path })),
  );

/** Who an operation's security lets in: nobody's token needed, an optional one, or a required one. */
export function tokenNeed(operation: Operation): 'none' | 'optional' | 'required' {
  const security = operation.security ?? [];
  if (security.length === 0) return 'none';
  return security.some((requirement) => Object.keys(requirement).length === 0) ? 'optional' : 'required';
}

/** The document's `#/components/schemas/X` written into each schema, so each validates on its own. */
function inlined(schema: unknown, components: Record<string, Json>): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlined(item, components));
  if (!schema || typeof schema !== 'object') return schema;
  const ref = (schema as Json).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) return inlined(components[ref.split('/').pop()!], components);
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, inlined(value, components)]));
}

/** A sample of a schema: its examples when it has some (they must be accepted), generated values elsewhere. */
export function sampleOf(schema: Json, seed: number, withOptionals: boolean): unknown {
  return generateSync(schema as never, {
    seed,
    useExamplesValue: true,
    alwaysFakeOptionals: withOptionals,
    optionalsProbability: withOptionals ? 1 : 0,
    maxItems: 3,
    refDepthMax: 2,
  });
}

export function createResponseValidator(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  const compiled = new Map<string, ValidateFunction>();
  return (key: string, schema: Json, body: unknown): string | null => {
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(inlined(schema, document.components.schemas) as Json);
      compiled.set(key, validate);
    }
    return validate(body) ? null : ajv.errorsText(validate.errors, { separator: '; ' }).slice(0, 300);
  };
}

/** 'text/csv; charset=utf-8' → { type: 'text/csv', charset: 'utf-8' } */
export function mediaTypeOf(header: string): { type: string; charset: string | null } {
  const [type = '', ...parameters] = header
    .toLowerCase()
    .split(';')
    .map((part) => part.trim());
  const charset = parameters.find((p) => p.startsWith('charset='))?.slice('charset='.length) ?? null;
  return { type, charset };
}

/** The documented media type a response's Content-Type stands for, or null when none fits. */
export function documentedMediaType(answer: Answer, contentType: string | undefined): string | null {
  if (!contentType) return null;
  const received = mediaTypeOf(contentType);
  for (const documented of Object.keys(answer.content ?? {})) {
    const expected = mediaTypeOf(documented);
    if (expected.type === received.type && (expected.charset === null || expected.charset === received.charset)) return documented;
  }
  return null;
}
