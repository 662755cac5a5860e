import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

export interface FakeReply {
  status: number;
  data?: unknown;
}

export interface RecordedRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  acceptLanguage: string | undefined;
  body: unknown;
}

type Handler = (request: RecordedRequest) => FakeReply | Promise<FakeReply>;

/**
 * An axios adapter standing in for the API: routes are "METHOD /path" → handler. It records every
 * request (with the headers the interceptors set) and rejects non-2xx answers like axios does.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const headers = AxiosHeaders.from(config.headers);
    const request: RecordedRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      authorization: headers.get('Authorization')?.toString(),
      acceptLanguage: headers.get('Accept-Language')?.toString(),
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    requests.push(request);
    const handler = routes[`${request.method} ${request.url}`];
    const reply = handler ? await handler(request) : { status: 404, data: { message: 'not found', code: 'not_found' } };
    const response: AxiosResponse = { status: reply.status, statusText: String(reply.status), data: reply.data ?? '', headers: {}, config };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(`Request failed with status code ${reply.status}`, AxiosError.ERR_BAD_RESPONSE, config, null, response);
  };
  return { adapter, requests };
}
