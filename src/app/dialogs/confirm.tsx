import { createContext, lazy, Suspense, useContext, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ConfirmRequest } from '../../../machines/dialogs/confirm-dialog.machine';
import { ConfirmCancelledError, createConfirmService, type ConfirmService } from '../../lib/actors/confirm';

export { ConfirmCancelledError };
export type ConfirmOptions = ConfirmRequest;
export type Confirm = (options: ConfirmOptions) => Promise<void>;

const ConfirmContext = createContext<Confirm | null>(null);

// The view (and the Dialog behind it) loads the first time a confirmation opens.
const ConfirmDialogView = lazy(() => import('./ConfirmDialogView').then((m) => ({ default: m.ConfirmDialogView })));

/**
 * One confirm dialog for the whole app, driven by the confirm-dialog machine (src/lib/actors/confirm):
 * `confirm()` opens it and returns a promise the machine's resolve/reject actions settle.
 */
export function ConfirmProvider({ children, service: given }: { children: ReactNode; service?: ConfirmService }) {
  const [service] = useState(() => given ?? createConfirmService());
  const open = useSelector(service.actor, (snapshot) => snapshot.hasTag('state:open'));
  return (
    <ConfirmContext.Provider value={service.confirm}>
      {children}
      {open ? (
        <Suspense fallback={null}>
          <ConfirmDialogView actor={service.actor} />
        </Suspense>
      ) : null}
    </ConfirmContext.Provider>
  );
}

/**
 * `await confirm({ title, description?, confirmText?, cancelText? })`: resolves on confirm, rejects
 * with ConfirmCancelledError on cancel or close (default cancel text 'Cancelar').
 */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside <ConfirmProvider>');
  return confirm;
}
