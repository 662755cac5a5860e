import { isAxiosError } from 'axios';
import { apiErrorSchema, messages } from '../../../contracts';

/**
 * Every failed call reaches callers as an ApiRequestError: status (0 when the server was never
 * reached), the machine-readable code if the body had one, and the messages as a list (the API
 * sends one string or several). A body without a message gets 'Erro desconhecido.' (by id).
 */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly messages: string[];
  /** The refused fields of a 400, when the route names them (the donation checkout's). */
  readonly fields: Array<{ field: string; message: string }>;

  constructor(
    init: { status: number; code?: string; messages: string[]; fields?: Array<{ field: string; message: string }> },
    options?: { cause?: unknown },
  ) {
    super(init.messages.join('\n'), options);
    this.name = 'ApiRequestError';
    this.status = init.status;
    this.code = init.code;
    this.messages = init.messages;
    this.fields = init.fields ?? [];
  }
}

/** Runs an API call so that any failure (network, status, a body the contract refuses) is an ApiRequestError. */
export async function withApiErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw normalizeApiError(error);
  }
}

export const isApiRequestError = (error: unknown): error is ApiRequestError => error instanceof ApiRequestError;

export function normalizeApiError(error: unknown): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  if (!isAxiosError(error)) return new ApiRequestError({ status: 0, messages: [messages.unknownError.id] }, { cause: error });
  const status = error.response?.status ?? 0;
  const data: unknown = error.response?.data;
  const body = apiErrorSchema.safeParse(data);
  if (!body.success) {
    // No usable message; keep a code if the body still had one.
    const code = typeof data === 'object' && data !== null && 'code' in data && typeof data.code === 'string' ? data.code : undefined;
    return new ApiRequestError({ status, code, messages: [messages.unknownError.id] }, { cause: error });
  }
  const list = typeof body.data.message === 'string' ? [body.data.message] : body.data.message;
  return new ApiRequestError(
    { status, code: body.data.code, messages: list.length > 0 ? list : [messages.unknownError.id], fields: body.data.fields },
    { cause: error },
  );
}
