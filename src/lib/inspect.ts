import type { InspectionEvent } from 'xstate';

/**
 * The Stately inspector (docs/web-app.md): in development with `VITE_INSPECT=true`, every root actor
 * of the app reports to it, and a tab opens with each machine's states and events live. Production
 * builds leave it out entirely: `import.meta.env.DEV` is false there, so the import below is dead code
 * and its chunk is never emitted (e2e/production-bundle.spec.ts checks the built files).
 */
let observer: ((event: InspectionEvent) => void) | undefined;

export const startInspector: () => Promise<void> = import.meta.env.DEV
  ? async () => {
      if (import.meta.env.VITE_INSPECT !== 'true') return;
      const { createBrowserInspector } = await import('@statelyai/inspect');
      observer = createBrowserInspector().inspect as (event: InspectionEvent) => void;
    }
  : async () => {};

/** A root actor's options with the inspector's observer added when it is on. */
export function inspected<T extends object>(options: T): T & { inspect?: (event: InspectionEvent) => void } {
  return observer ? { ...options, inspect: observer } : options;
}
