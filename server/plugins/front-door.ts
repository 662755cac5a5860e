import fp from 'fastify-plugin';
import type { FrontDoor, OfferedAnswer } from '../http/front-door';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by sendPublicAnswer: the public answer this reply carries, which the front door may keep. */
    publicAnswer: OfferedAnswer | null;
  }
}

/** Hands the front door (server/http/front-door.ts) each public answer once Fastify has sent it. */
export const frontDoorPlugin = fp<{ door: FrontDoor }>(
  async (app, { door }) => {
    app.decorateRequest('publicAnswer', null);
    door.logTo(app.log);
    app.addHook('onResponse', (request, reply, done) => {
      if (request.publicAnswer) door.keep(request.raw, reply.statusCode, reply.getHeaders(), request.publicAnswer);
      done();
    });
    // While closing, Fastify answers new requests 503 and lets the others finish.
    app.addHook('preClose', (done) => {
      door.close();
      done();
    });
  },
  { name: 'semear-front-door' },
);
