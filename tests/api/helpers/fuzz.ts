import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { z } from 'zod';

/**
 * Hostile requests for the route fuzz test (tests/api/fuzz-routes.test.ts): a valid-looking sample of
 * each schema, then one part of it replaced by something an attacker or a broken client would send.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonSchema = Record<string, unknown>;

/** A value the schema should accept, derived from its JSON Schema (enums, formats, minimums, defaults). */
export function sampleOf(schema: z.ZodType | undefined): Json | undefined {
  if (!schema) return undefined;
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return sampleJson(json);
}

function sampleJson(s: JsonSchema): Json {
  if ('default' in s) return s.default as Json;
  if ('const' in s) return s.const as Json;
  if (Array.isArray(s.enum)) return s.enum[0] as Json;
  const options = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (options) return sampleJson(options.find((o) => o.type !== 'null') ?? options[0]!);
  switch (s.type) {
    case 'string':
      if (s.format === 'uuid') return randomUUID();
      if (s.format === 'email') return 'fuzz@exemplo.com.br';
      if (s.format === 'date-time') return new Date().toISOString();
      return 'a'.repeat(Math.max(1, Number(s.minLength ?? 1)));
    case 'integer':
    case 'number':
      return Number(s.minimum ?? s.exclusiveMinimum ?? 1);
    case 'boolean':
      return false;
    case 'array':
      return Number(s.minItems ?? 0) > 0 ? [sampleJson((s.items ?? {}) as JsonSchema)] : [];
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, JsonSchema>;
      return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, sampleJson(v)]));
    }
    default:
      return null;
  }
}

const TEN_MB = 10 * 1024 * 1024;

/**
 * Node's HTTP parser refuses a request whose request line and headers pass 16 KB (431) before any route
 * sees it (the fuzz file's last test shows it on a listening server), so the longest string a path or
 * query carries to a route is a few KB: half that limit here.
 */
const LONGEST_URL_PART = 8 * 1024;

/** Strings a database, a regex or a JSON encoder may choke on, the longest `longest` characters. */
const hostileStrings = (longest: number): fc.Arbitrary<string> =>
  fc.oneof(
    // NUL is what PostgreSQL refuses outright: it comes most often.
    {
      weight: 6,
      arbitrary: fc.constantFrom(
        '\u0000',
        'a\u0000b',
        'horta\u0000',
        '\u0001\u0002\u001f',
        '\u007f',
        '\u0085\u009f',
        '\ud800',
        'x\udc00y',
        '\udbff',
        '\u2028\u2029',
        '\ufeff',
        '\uffff',
      ),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '',
        ' ',
        '\n',
        "'; drop table users; --",
        '%_\\',
        '${7*7}{{7*7}}',
        '<script>alert(1)</script>',
        '../../etc/passwd',
        '0',
        '-1',
        'NaN',
        'null',
        'true',
        '1e999',
      ),
    },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    {
      weight: 2,
      arbitrary: fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 8 }),
    },
    { weight: 1, arbitrary: fc.constant('ação'.repeat(600)) },
    { weight: 1, arbitrary: fc.constant('x'.repeat(longest)) },
  );

/** In a body: up to 10 MB. */
export const hostileString = hostileStrings(TEN_MB);

/** In a path segment or a query string: up to what reaches a route at all. */
export const hostileUrlString = hostileStrings(LONGEST_URL_PART);

/** A value of the wrong type, size or shape. */
export const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: hostileString as fc.Arbitrary<Json> },
  fc.constantFrom<Json>(
    null,
    true,
    false,
    0,
    -1,
    0.5,
    -0,
    1e308,
    -1e308,
    2 ** 31,
    2 ** 53 + 2,
    2 ** 63,
    Number.MAX_SAFE_INTEGER,
    [],
    {},
    [null],
    [[[]]],
    { a: { b: {} } },
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
);

/** Every path to a value inside a sample ([] is the sample itself). */
/** A value as it goes on the wire: what JSON.stringify keeps of it (undefined properties dropped). */
export const asJson = (value: unknown): Json | undefined => (value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as Json));

export function pathsOf(value: Json | undefined, prefix: Array<string | number> = []): Array<Array<string | number>> {
  const here = [prefix];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => pathsOf(v, [...prefix, i]))];
  if (value && typeof value === 'object') return [...here, ...Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...prefix, k]))];
  return here;
}

/** The sample with the value at `path` replaced (or the key removed when `replacement` is undefined). */
export function replaceAt(value: Json | undefined, path: Array<string | number>, replacement: Json | undefined): Json | undefined {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value))
    return value.map((v, i) => (i === head ? replaceAt(v, rest, replacement) : v)).filter((v) => v !== undefined) as Json[];
  if (value && typeof value === 'object') {
    const copy: Record<string, Json> = {};
    for (const [k, v] of Object.entries(value)) {
      const next = k === head ? replaceAt(v, rest, replacement) : v;
      if (next !== undefined) copy[k] = next;
    }
    return copy;
  }
  return value;
}

const deep = (levels: number, open: string, close: string, inner = '1') => `${open.repeat(levels)}${inner}${close.repeat(levels)}`;

/** Raw bodies that are not the JSON object a route expects. */
export const hostileRawBody: fc.Arbitrary<{ payload: string; contentType: string }> = fc.oneof(
  fc
    .constantFrom('', '{', '{"a":', 'null', '[]', '"text"', '1e999', '{"a":1,}', "{'a':1}", '\u0000', '{"a":"\\u0000"}', '{"a":"\\ud800"}')
    .map((payload) => ({ payload, contentType: 'application/json' })),
  fc.constantFrom(deep(10_000, '[', ']'), deep(10_000, '{"a":', '}')).map((payload) => ({ payload, contentType: 'application/json' })),
  fc
    .constantFrom('{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}', '{"a":{"__proto__":{"polluted":1}}}')
    .map((payload) => ({ payload, contentType: 'application/json' })),
  fc.constant({ payload: `{"a":"${'x'.repeat(2 * 1024 * 1024)}"}`, contentType: 'application/json' }),
  fc
    .constantFrom('a=1&b=%00', 'socket_id=1.1&channel_name=%00')
    .map((payload) => ({ payload, contentType: 'application/x-www-form-urlencoded' })),
  fc.constantFrom('hello', '<xml/>').map((payload) => ({ payload, contentType: 'text/plain' })),
);

/** encodeURIComponent that does not throw on lone surrogates: they go as bytes that are not UTF-8. */
export function encodeSegment(value: string): string {
  // Only a lone surrogate makes encodeURIComponent throw: the rest (a 10 MB segment too) goes whole.
  try {
    return encodeURIComponent(value);
  } catch {
    return Array.from(value, (char) =>
      char.length === 1 && char >= '\ud800' && char <= '\udfff' ? '%ED%A0%80' : encodeURIComponent(char),
    ).join('');
  }
}
