/**
 * The state that hands a prepared file to the browser, shared by an admin's export
 * (admin/export-file.machine.ts) and a donor's copy of their data (profile/data-export.machine.ts): it
 * invokes the machine's `download` actor; done, back to `ready` (the file can be downloaded again); a 410
 * (the file expired meanwhile) goes to `expired`; any other failure back to `ready` with its reason.
 *
 * The machine's `setup()` names what this refers to: the actor `download`, the guard `isGone({ error })`
 * (410) and the action `downloadFailed({ error })` (the failure kept for the page), and the states `ready`
 * and `expired` beside this one.
 */
export function downloadingState<Context, Input>(options: { tags: string[]; input: (args: { context: Context }) => Input }) {
  const error = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
  return {
    tags: options.tags,
    invoke: {
      id: 'download',
      src: 'download' as const,
      input: options.input,
      onDone: 'ready',
      onError: [
        { guard: { type: 'isGone' as const, params: error }, target: 'expired' },
        { target: 'ready', actions: { type: 'downloadFailed' as const, params: error } },
      ],
    },
  };
}
