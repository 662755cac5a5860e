import type { LookupAddress } from 'node:dns';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { pinnedLookup, resolveTarget } from './ssrf-guard';

export interface PostResult {
  statusCode: number | null;
  /** The first 2 KB of the answer. */
  body: string | null;
  error: string | null;
  /** Retry-After, in ms from now, when the receiver said when to come back. */
  retryAfterMs: number | null;
  durationMs: number;
}

const RESPONSE_KEEP = 2048;
const TIMEOUT_MS = 15_000;
/** An idle kept-alive connection is closed before a receiver's usual 5 s (Node's default) would close it under us. */
const IDLE_MS = 4000;
const AGENTS_KEPT = 200;

/**
 * Kept-alive connections per target (issue 52): one agent per origin *and* the addresses the SSRF guard
 * just checked, so a reused connection always goes to addresses checked for this very delivery; when the
 * name resolves elsewhere, the delivery opens a connection of a new agent. The oldest agents are closed
 * past AGENTS_KEPT.
 */
const agents = new Map<string, HttpAgent>();
function agentFor(target: URL, addresses: LookupAddress[]): HttpAgent {
  const key = `${target.protocol}//${target.host}|${addresses.map((a) => a.address).join(',')}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive: true, timeout: IDLE_MS, scheduling: 'lifo' as const };
    agent = target.protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options);
    agents.set(key, agent);
    for (const [oldKey, old] of agents) {
      if (agents.size <= AGENTS_KEPT) break;
      agents.delete(oldKey);
      old.destroy();
    }
  }
  return agent;
}

/** Closes every kept-alive connection (tests, shutdown). */
export function closeWebhookConnections(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/** Retry-After as seconds or an HTTP date, in ms from `now`; null when absent or unreadable. */
export function retryAfterMs(value: string | string[] | undefined, now: Date): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return null;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

/**
 * POSTs one delivery: to the address resolved once and checked (the SSRF guard), never following a
 * redirect (a 3xx is an answer like any other), giving up after 15 s.
 */
export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { allowPrivate: boolean; now: Date },
): Promise<PostResult> {
  const started = Date.now();
  const target = new URL(url);
  const resolved = await resolveTarget(target.hostname, options.allowPrivate);
  if (!resolved.ok) {
    return {
      statusCode: null,
      body: null,
      error: resolved.reason === 'private' ? 'refused: not a public address' : 'unresolvable host',
      retryAfterMs: null,
      durationMs: Date.now() - started,
    };
  }
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<PostResult>((resolveResult) => {
    const done = (result: Omit<PostResult, 'durationMs'>) => resolveResult({ ...result, durationMs: Date.now() - started });
    const req = send(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Semear-Webhooks/1',
        },
        // Pinned: the connection goes to the addresses just checked, whatever DNS says now.
        lookup: pinnedLookup(resolved.addresses),
        agent: agentFor(target, resolved.addresses),
        timeout: TIMEOUT_MS,
        servername: target.hostname,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          if (kept < RESPONSE_KEEP) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        res.on('end', () =>
          done({
            statusCode: res.statusCode ?? null,
            // U+0000 is the one character PostgreSQL's text refuses: kept as it came, it failed the statement recording the batch.
            body: Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_KEEP).replaceAll('\u0000', '\uFFFD'),
            error: null,
            retryAfterMs: retryAfterMs(res.headers['retry-after'], options.now),
          }),
        );
        res.on('error', (error) => done({ statusCode: res.statusCode ?? null, body: null, error: error.message, retryAfterMs: null }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out after 15 s')));
    req.on('error', (error) => done({ statusCode: null, body: null, error: error.message, retryAfterMs: null }));
    req.end(body);
  });
}
