import { createContext, lazy, Suspense, useContext, useMemo, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { visitorPromptMachine } from '../../../machines/dialogs/visitor-prompt.machine';
import { inspected } from '../../lib/inspect';

export interface VisitorPrompt {
  /** Opens the "you need to sign in" dialog; `description` replaces the default text, `email` starts the forms typed. */
  open: (options?: { description?: string; email?: string }) => void;
}

const VisitorPromptContext = createContext<VisitorPrompt | null>(null);

// The view (and the Dialog behind it) loads the first time the prompt opens.
const VisitorPromptView = lazy(() => import('./VisitorPromptView').then((m) => ({ default: m.VisitorPromptView })));

const currentPath = (): string =>
  typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}${window.location.hash}`;

/** Mount inside the router (the view links to /signin and /signup). */
export function VisitorPromptProvider({ children }: { children: ReactNode }) {
  const actor = useActorRef(visitorPromptMachine, inspected({}));
  const open = useSelector(actor, (snapshot) => snapshot.hasTag('state:open'));
  const value = useMemo<VisitorPrompt>(
    () => ({
      open: (options) =>
        actor.send({ type: 'visitorPrompt.opened', description: options?.description, email: options?.email, returnUrl: currentPath() }),
    }),
    [actor],
  );
  return (
    <VisitorPromptContext.Provider value={value}>
      {children}
      {open ? (
        <Suspense fallback={null}>
          <VisitorPromptView actor={actor} />
        </Suspense>
      ) : null}
    </VisitorPromptContext.Provider>
  );
}

export function useVisitorPrompt(): VisitorPrompt {
  const value = useContext(VisitorPromptContext);
  if (!value) throw new Error('useVisitorPrompt must be used inside <VisitorPromptProvider>');
  return value;
}
