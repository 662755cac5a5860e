import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { confirmDialogMachine } from '../../../machines/dialogs/confirm-dialog.machine';
import { Button, Dialog } from '../../ui';

/** Reads the confirm machine and sends its events; nothing else. */
export function ConfirmDialogView({ actor }: { actor: ActorRefFrom<typeof confirmDialogMachine> }) {
  const { t } = useLingui();
  const open = useSelector(actor, (s) => s.hasTag('state:open'));
  const request = useSelector(actor, (s) => s.context.request);
  if (!open || !request) return null;
  return (
    <Dialog
      open
      role="alertdialog"
      title={request.title}
      description={request.description}
      onClose={() => actor.send({ type: 'dialog.closed' })}
      footer={
        <>
          <Button variant="secondary" onClick={() => actor.send({ type: 'dialog.cancelled' })}>
            {request.cancelText ?? t`Cancelar`}
          </Button>
          <Button variant="primary" onClick={() => actor.send({ type: 'dialog.confirmed' })}>
            {request.confirmText ?? t`Confirmar`}
          </Button>
        </>
      }
    />
  );
}
