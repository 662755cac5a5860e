import type { IncomingMessage, ServerResponse } from 'node:http';

/** The small HTTP kit of the stand-in: a request as its routes see it, and Mercado Pago's answers. */

export interface StandInRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** Parsed JSON, or undefined for an empty body; a body that is not JSON is answered 400 before routing. */
  body: unknown;
}

export interface StandInAnswer {
  status: number;
  body: unknown;
  /** Answered as is (the browser script); otherwise JSON. */
  contentType?: string;
}

export type Route = (request: StandInRequest, params: string[]) => StandInAnswer | Promise<StandInAnswer>;
export interface RouteTable {
  method: string;
  pattern: RegExp;
  route: Route;
}

export const json = (status: number, body: unknown): StandInAnswer => ({ status, body });

/** Mercado Pago's error body: `{ message, error, status, cause: [{ code, description }] }`. */
export function mpError(
  status: number,
  error: string,
  message: string,
  causes: Array<{ code: string | number; description: string }> = [],
) {
  return json(status, { message, error, status, cause: causes.map((cause) => ({ ...cause, data: null })) });
}

export const badRequest = (code: string | number, description: string) => mpError(400, 'bad_request', description, [{ code, description }]);

/** CORS for the browser's calls (the SDK script and the card token endpoint, from the checkout's origin). */
export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
  'access-control-max-age': '600',
};

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function writeAnswer(response: ServerResponse, answer: StandInAnswer, extraHeaders: Record<string, string> = {}): void {
  const text = answer.contentType ? String(answer.body) : answer.body === undefined ? '' : JSON.stringify(answer.body);
  response.writeHead(answer.status, {
    'content-type': answer.contentType ?? 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...extraHeaders,
  });
  response.end(text);
}

export const header = (request: StandInRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** A JSON object body, or an empty object for anything else (the routes then answer what is missing). */
export const objectBody = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
