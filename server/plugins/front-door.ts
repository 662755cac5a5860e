import fp from 'fastify-plugin';
import type { FrontDoor, OfferedAnswer } from '../http/front-door';
import type { PersonalDoor } from '../http/personal-door';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by sendPublicAnswer: the public answer this reply carries, which the front door may keep. */
    publicAnswer: OfferedAnswer | null;
    /** Set by sendPersonalAnswer: the caller's own kept answer, which the signed-in door may keep. */
    personalAnswer: OfferedAnswer | null;
  }
}

/**
 * Hands the doors before Fastify (server/http/front-door.ts, personal-door.ts) each kept answer once
 * Fastify has sent it: a public one, or a signed-in caller's own with who was let in.
 */
export const frontDoorPlugin = fp<{ door: FrontDoor; personalDoor: PersonalDoor }>(
  async (app, { door, personalDoor }) => {
    app.decorateRequest('publicAnswer', null);
    app.decorateRequest('personalAnswer', null);
    door.logTo(app.log);
    personalDoor.logTo(app.log);
    app.addHook('onResponse', (request, reply, done) => {
      if (request.publicAnswer) door.keep(request.raw, reply.statusCode, reply.getHeaders(), request.publicAnswer);
      else if (request.personalAnswer && request.userId !== null) {
        const caller = { userId: request.userId, sessionId: request.sessionId };
        personalDoor.keep(request.raw, reply.statusCode, reply.getHeaders(), request.personalAnswer, caller);
      }
      done();
    });
    // While closing, Fastify answers new requests 503 and lets the others finish.
    app.addHook('preClose', (done) => {
      door.close();
      personalDoor.close();
      done();
    });
  },
  { name: 'semear-front-door' },
);
