import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { formSubmissionMachine } from '../../../machines/auth/form-submission.machine';
import { ApiRequestError } from '../../../src/lib/http/api-error';

function start(submit: (values: unknown) => Promise<unknown>) {
  const succeeded = vi.fn();
  const failed = vi.fn();
  const machine = formSubmissionMachine.provide({
    actors: { submit: fromPromise(({ input }) => submit(input.values)) },
    actions: { succeeded: (_, params) => succeeded(params.output), failed: (_, params) => failed(params) },
  });
  return { actor: createActor(machine).start(), succeeded, failed };
}

describe('formSubmissionMachine', () => {
  it('submits the values and reports the answer', async () => {
    const { actor, succeeded } = start(async (values) => ({ echo: values }));
    actor.send({ type: 'form.submitted', values: { a: 1 } });
    expect(actor.getSnapshot().hasTag('state:submitting')).toBe(true);
    await waitFor(actor, (s) => s.hasTag('state:succeeded'));
    expect(succeeded).toHaveBeenCalledWith({ echo: { a: 1 } });
  });

  it('keeps the failure (code and messages) and accepts a new submission', async () => {
    let attempt = 0;
    const { actor, failed, succeeded } = start(async () => {
      attempt += 1;
      if (attempt === 1)
        throw new ApiRequestError({ status: 401, code: 'auth.invalid_credentials', messages: ['E-mail ou senha incorretos.'] });
      return 'ok';
    });
    actor.send({ type: 'form.submitted', values: {} });
    const failedSnapshot = await waitFor(actor, (s) => s.hasTag('state:failed'));
    expect(failedSnapshot.context.failure).toEqual({
      status: 401,
      code: 'auth.invalid_credentials',
      messages: ['E-mail ou senha incorretos.'],
    });
    expect(failed).toHaveBeenCalledTimes(1);
    actor.send({ type: 'form.submitted', values: {} });
    // A new attempt clears the old failure while it runs.
    expect(actor.getSnapshot().context.failure).toBeNull();
    await waitFor(actor, (s) => s.hasTag('state:succeeded'));
    expect(succeeded).toHaveBeenCalledWith('ok');
  });

  it('ignores a second submit while one is running (double clicks)', async () => {
    const submit = vi.fn(() => new Promise((resolve) => setTimeout(() => resolve('ok'), 10)));
    const { actor } = start(submit);
    actor.send({ type: 'form.submitted', values: {} });
    actor.send({ type: 'form.submitted', values: {} });
    await waitFor(actor, (s) => s.hasTag('state:succeeded'));
    expect(submit).toHaveBeenCalledTimes(1);
  });
});
