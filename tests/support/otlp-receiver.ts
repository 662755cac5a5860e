import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as OTLP/JSON carries it (the fields the tests read). */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  status?: { code?: number };
}

interface OtlpAttribute {
  key: string;
  value: Record<string, unknown>;
}
interface OtlpRequest {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: Array<{ spans?: Array<Omit<ReceivedSpan, 'attributes'> & { attributes?: OtlpAttribute[] }> }>;
  }>;
}

const attributesOf = (list: OtlpAttribute[] = []): Record<string, unknown> =>
  Object.fromEntries(list.map(({ key, value }) => [key, Object.values(value)[0]]));

/**
 * A stand-in OpenTelemetry collector: POST /v1/traces in OTLP/JSON (OTEL_EXPORTER_OTLP_PROTOCOL=http/json)
 * on a random local port. Keeps every span, and each export's raw body (to look for what must not be there)
 * and headers.
 */
export async function startOtlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const bodies: string[] = [];
  const headers: IncomingHttpHeaders[] = [];
  const resources: Array<Record<string, unknown>> = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      bodies.push(body);
      headers.push(request.headers);
      for (const resourceSpans of (JSON.parse(body) as OtlpRequest).resourceSpans ?? []) {
        resources.push(attributesOf(resourceSpans.resource?.attributes));
        for (const scope of resourceSpans.scopeSpans ?? [])
          for (const span of scope.spans ?? []) spans.push({ ...span, attributes: attributesOf(span.attributes) });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    bodies,
    headers,
    resources,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
