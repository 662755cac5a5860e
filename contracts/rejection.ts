/**
 * What a failed API call rejects with, read defensively. The web app's API client rejects with an
 * ApiRequestError ({ status, code, messages, fields }, some calls add `idempotencyKey` or `current`),
 * but a machine never knows the client: a network failure never normalised, a bug or a test's fake may
 * reject with anything at all. Here, so machines (which import only xstate and contracts) and the web
 * app read it one way.
 */

/** One field of a rejection, or undefined when the rejection is not an object or lacks it. */
export function rejectionField(error: unknown, field: string): unknown {
  return typeof error === 'object' && error !== null ? Reflect.get(error, field) : undefined;
}

/** The HTTP status a rejection carries (0: the server was never reached), or undefined when it carries none. */
export function rejectionStatus(error: unknown): number | undefined {
  const status = rejectionField(error, 'status');
  return typeof status === 'number' ? status : undefined;
}
