import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** A 405's text, in the caller's language (the web app never shows it, so it stays out of contracts/). */
export const methodNotAllowedMessage = /*i18n*/ {
  id: 'error.method_not_allowed',
  message: 'Este endereço não aceita esse tipo de pedido.',
};

const decoded = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/**
 * The methods a path is served for, as the Allow header of a 405 lists them; empty when nothing is
 * there (a 404). A match by the root catch-all (the web app's `/*`, which answers 404 for any path that
 * is not a page) says nothing of the path, so it is left out; `isPage` adds the GET and HEAD the web
 * app answers for its pages, built or not.
 */
export function allowedMethods(app: Pick<FastifyInstance, 'findRoute' | 'supportedMethods'>, path: string, isPage: boolean): string[] {
  const allowed = new Set<string>(isPage ? ['GET', 'HEAD'] : []);
  const rest = path.slice(1);
  for (const method of app.supportedMethods) {
    const route = app.findRoute({ method: method as 'GET', url: path });
    const byCatchAll = route?.params['*'] === rest || route?.params['*'] === decoded(rest);
    if (route && !byCatchAll) allowed.add(method);
  }
  return [...allowed];
}

/** A 405 written straight to a socket, for a request Fastify never sees. */
function rawMethodNotAllowed(allow: string[], body: string): string {
  return (
    `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${allow.join(', ')}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

const headerIn = (packet: string, name: string): string | undefined =>
  new RegExp(`\\r\\n${name}:[ \\t]*([^\\r\\n]*)`, 'i').exec(packet)?.[1];

/**
 * Two kinds of request never reach Fastify: a method Node's parser does not know (TRACK) is a client
 * error, and CONNECT is handed to a `connect` listener, without which Node drops the connection
 * unanswered. Both get the 405 every other method a path is not served for gets (`allowedFor` gives its
 * Allow, `bodyFor` its JSON in the caller's language), ahead of Fastify's own 400.
 */
export function refuseUnroutableMethods(
  server: Server,
  allowedFor: (path: string) => string[],
  bodyFor: (acceptLanguage: string | undefined) => string,
): void {
  server.prependListener('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    if (error.code !== 'HPE_INVALID_METHOD' || !socket.writable) return;
    const packet = error.rawPacket?.toString('latin1') ?? '';
    const target = /^\S+ (\/\S*)/.exec(packet)?.[1];
    // Ended here, the socket is no longer writable: Fastify's handler then only closes it.
    socket.end(rawMethodNotAllowed(target ? allowedFor(target.split('?')[0] ?? '/') : [], bodyFor(headerIn(packet, 'accept-language'))));
  });
  server.on('connect', (request: IncomingMessage, socket: Duplex) => {
    socket.end(rawMethodNotAllowed([], bodyFor(request.headers['accept-language'])));
  });
}
