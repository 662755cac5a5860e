import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs `work` once the answer is on its way, so the answer's time does not depend on it (e.g. whether
     * an e-mail belongs to an account). Errors are logged under `name`; closing the app waits for it.
     */
    afterAnswer(name: string, work: () => Promise<void>): void;
    /** Resolves when every piece of work handed to afterAnswer so far is done (tests, shutdown). */
    afterAnswerSettled(): Promise<void>;
  }
}

export const afterAnswerPlugin = fp(
  async (app) => {
    const pending = new Set<Promise<void>>();
    app.decorate('afterAnswer', (name: string, work: () => Promise<void>) => {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
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
