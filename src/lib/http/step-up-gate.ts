/**
 * Where the API client asks for a step-up (a fresh second factor) when a money action answers 403
 * `auth.step_up_required`. The app's step-up dialog registers itself here (src/app/dialogs/step-up);
 * the client only knows this gate, so neither loads the other: the dialog, its machine and its
 * messages load the first time one is asked for. No imports on purpose.
 */
export type StepUpHandler = () => Promise<void>;

let handler: StepUpHandler | null = null;
let pending: Promise<void> | null = null;

/** Registers the dialog; returns the unregistration. */
export function setStepUpHandler(next: StepUpHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

/** Whether anything can ask the person (none in tests without the app, or on the server). */
export const canStepUp = (): boolean => handler !== null;

/**
 * Resolves once the person proved the factor again, rejects when they gave up. Requests refused
 * together (two saves at once) share one dialog.
 */
export function requestStepUp(): Promise<void> {
  if (!handler) return Promise.reject(new Error('step-up: no dialog registered'));
  if (!pending) {
    const asked = handler();
    pending = asked;
    const clear = () => {
      if (pending === asked) pending = null;
    };
    asked.then(clear, clear);
  }
  return pending;
}
