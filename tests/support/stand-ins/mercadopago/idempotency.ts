import { badRequest, header, mpError, type StandInAnswer, type StandInRequest } from './http';
import type { StandInState } from './state';

const inFlight = new WeakMap<StandInState, Map<string, { fingerprint: string; answer: Promise<StandInAnswer> }>>();

/** Keys sorted at every level, so the same JSON in another key order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null)
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/**
 * Every creating call needs `X-Idempotency-Key` (code 4292 without it). The same key with the same
 * body answers the first answer and does nothing again, also while the first is still running; the
 * same key with another body is a 409. Only successful answers are kept: a refused request did nothing.
 */
export async function idempotent(
  state: StandInState,
  request: StandInRequest,
  create: () => StandInAnswer | Promise<StandInAnswer>,
): Promise<StandInAnswer> {
  const key = header(request, 'x-idempotency-key');
  if (!key) return badRequest(4292, "Header X-Idempotency-Key can't be null");
  const scope = `${request.method} ${request.path} ${key}`;
  const fingerprint = canonical(request.body ?? null);
  const reused = () =>
    mpError(409, 'conflict', 'X-Idempotency-Key already used with a different request', [
      { code: 'idempotency_key_conflict', description: 'The key was used with another body' },
    ]);

  const stored = state.idempotency.get(scope);
  if (stored) return stored.fingerprint === fingerprint ? { status: stored.status, body: stored.body } : reused();
  let running = inFlight.get(state);
  if (!running) inFlight.set(state, (running = new Map()));
  const current = running.get(scope);
  if (current) return current.fingerprint === fingerprint ? current.answer : reused();

  const answer = Promise.resolve().then(create);
  running.set(scope, { fingerprint, answer });
  try {
    const result = await answer;
    if (result.status >= 200 && result.status < 300)
      state.idempotency.set(scope, { fingerprint, status: result.status, body: result.body });
    return result;
  } finally {
    running.delete(scope);
  }
}
