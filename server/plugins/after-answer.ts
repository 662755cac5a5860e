import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs `work` once the answer has been sent, so the answer's time does not depend on it (e.g. whether
     * an e-mail belongs to an account). Errors are logged under `name`; closing the app waits for it.
     */
    afterAnswer(reply: FastifyReply, name: string, work: () => Promise<void>): void;
    /** Resolves when every piece of work handed to afterAnswer so far is done (tests, shutdown). */
    afterAnswerSettled(): Promise<void>;
  }
}

export const afterAnswerPlugin = fp(
  async (app) => {
    const pending = new Set<Promise<void>>();
    app.decorate('afterAnswer', (reply: FastifyReply, name: string, work: () => Promise<void>) => {
      // Started once the answer has been handed to the socket, so it never delays its bytes.
      const answered = new Promise<void>((resolve) => {
        if (reply.raw.writableFinished) resolve();
        else reply.raw.once('close', () => resolve());
      });
      const done: Promise<void> = answered
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(work)
        .catch((error: unknown) => app.log.error({ err: error, work: name }, 'work after the answer failed'))
        .finally(() => pending.delete(done));
      pending.add(done);
    });
    const settled = async () => {
      while (pending.size > 0) await Promise.all(pending);
    };
    app.decorate('afterAnswerSettled', settled);
    app.addHook('onClose', settled);
  },
  { name: 'semear-after-answer' },
);
