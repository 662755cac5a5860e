import type { ErrorCode } from '../../contracts/errors';
import type { MessageDescriptor } from '../../contracts/messages';

/**
 * An error meant for the client: a status, a machine code and message descriptors that the
 * error handler translates into the request's language.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly messages: MessageDescriptor | readonly MessageDescriptor[],
  ) {
    super(Array.isArray(messages) ? messages.map((m) => m.id).join(', ') : (messages as MessageDescriptor).id);
  }
}
