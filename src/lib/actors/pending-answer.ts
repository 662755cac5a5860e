/**
 * The one request a dialog's actor answers at a time: `wait()` hands the caller a promise, and the machine's
 * `resolve` / `reject` actions settle it once (a later action finds nothing to settle).
 */
export function pendingAnswer(cancelled: () => Error) {
  let pending: { resolve: () => void; reject: (error: unknown) => void } | undefined;
  const take = () => {
    const current = pending;
    pending = undefined;
    return current;
  };
  return {
    resolve: () => take()?.resolve(),
    reject: () => take()?.reject(cancelled()),
    wait: () =>
      new Promise<void>((resolve, reject) => {
        pending = { resolve, reject };
      }),
  };
}
