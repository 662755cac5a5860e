import { Agent, request } from 'node:https';
import type { ApiPixTls } from './settings';
import type { Transport } from '../provider-kit/json-http';

/**
 * The mutual-TLS connection to the bank: every call (the token's too) presents the client certificate the
 * bank issued. node:https rather than fetch, because fetch takes no client certificate without undici's
 * own agent. Keep-alive spares a handshake per call.
 */
export function mtlsAgent(tls: ApiPixTls): Agent {
  return new Agent({ ...tls, keepAlive: true, maxSockets: 16 });
}

/** The shared client's transport over that connection (provider-kit/json-http.ts). */
export function mtlsTransport(agent: Agent): Transport {
  return ({ url, method, headers, body, timeoutMs }) =>
    new Promise((resolve, reject) => {
      const req = request(url, { method, headers, agent, signal: AbortSignal.timeout(timeoutMs) }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', (error) => {
        // AbortSignal.timeout aborts with an AbortError whose cause is the TimeoutError.
        reject(error.name === 'AbortError' && error.cause instanceof Error ? error.cause : error);
      });
      if (body !== undefined) req.write(body);
      req.end();
    });
}
