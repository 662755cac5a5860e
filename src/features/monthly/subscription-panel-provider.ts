import { useState } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { SavedCard, Subscription } from '../../../contracts';
import {
  subscriptionPanelMachine,
  type ConfirmedChange,
  type CurrentSubscription,
  type SubscriptionChange,
} from '../../../machines/monthly/subscription-panel.machine';
import { formatDate, formatMoney } from '../../app/format';
import { useConfirm, type Confirm } from '../../app/dialogs/confirm';
import { i18n } from '../../app/i18n/catalogs';
import { reportError } from '../../app/report-error';
import { toast } from '../../app/toast';
import { useMachineView } from '../../app/machine-view';
import { donationsApi } from '../../lib/api/donations';
import { subscriptionsApi } from '../../lib/api/subscriptions';

export interface SubscriptionPanelServices {
  getCurrent(): Promise<CurrentSubscription>;
  listSavedCards(): Promise<SavedCard[]>;
  change(id: string, change: SubscriptionChange): Promise<Subscription>;
}

export const realSubscriptionPanelServices: SubscriptionPanelServices = {
  getCurrent: () => subscriptionsApi.getCurrent(),
  listSavedCards: () => donationsApi.listSavedCards(),
  change: (id, change) => subscriptionsApi.change(id, change),
};

const done: Record<SubscriptionChange['kind'], MessageDescriptor> = {
  pause: msg`Doação mensal pausada.`,
  resume: msg`Doação mensal retomada.`,
  cancel: msg`Sua doação mensal foi cancelada.`,
  update: msg`Doação mensal atualizada.`,
};

/** The dialog's texts for each change (translated when it opens). */
function confirmRequest(change: ConfirmedChange, subscription: Subscription) {
  const amount = formatMoney(subscription.amount);
  if (change.kind === 'pause') {
    return {
      title: i18n._(msg`Pausar a doação mensal?`),
      description: i18n._(msg`Não cobraremos ${amount} enquanto estiver pausada. Você retoma quando quiser.`),
      confirmText: i18n._(msg`Pausar`),
    };
  }
  if (change.kind === 'resume') {
    return {
      title: i18n._(msg`Retomar a doação mensal?`),
      description: i18n._(msg`Voltaremos a cobrar ${amount} por mês no seu cartão.`),
      confirmText: i18n._(msg`Retomar`),
    };
  }
  const until = subscription.next_charge_at ? formatDate(subscription.next_charge_at) : null;
  return {
    title: i18n._(msg`Cancelar a doação mensal?`),
    description: until
      ? i18n._(msg`A cobrança de ${until} não será feita. O crédito que já está na carteira continua valendo até o fim do mês.`)
      : i18n._(msg`Nenhuma nova cobrança será feita. O crédito que já está na carteira continua valendo até o fim do mês.`),
    confirmText: i18n._(msg`Cancelar doação mensal`),
    cancelText: i18n._(msg`Manter`),
  };
}

/** The panel machine with the API, the app's confirm dialog, toasts and error reports. */
export function provideSubscriptionPanel(services: SubscriptionPanelServices, confirm: Confirm) {
  return subscriptionPanelMachine.provide({
    actors: {
      loadSubscription: fromPromise(() => services.getCurrent()),
      loadSavedCards: fromPromise(() => services.listSavedCards()),
      confirmChange: fromPromise(({ input }) => confirm(confirmRequest(input.change, input.subscription))),
      changeSubscription: fromPromise(({ input }) => services.change(input.id, input.change)),
    },
    actions: {
      changed: (_, { change }) => void toast.success(i18n._(done[change.kind])),
      // A panel that did not load has its retry notice; a failed change has no place but a toast.
      failed: ({ event }, { error }) =>
        void reportError(error, (event as { type: string }).type === 'xstate.error.actor.loadSubscription' ? 'inline' : 'toast'),
    },
  });
}

export function useSubscriptionPanel(services: SubscriptionPanelServices = realSubscriptionPanelServices) {
  const confirm = useConfirm();
  const [machine] = useState(() => provideSubscriptionPanel(services, confirm));
  return useMachineView(machine, selectSubscriptionPanelView);
}

type PanelContext = SnapshotFrom<typeof subscriptionPanelMachine>['context'];

/** What the panel shows of its machine, and which changes the subscription allows now. */
export interface SubscriptionPanelView {
  subscription: PanelContext['subscription'];
  charges: PanelContext['charges'];
  /** null while they load. */
  savedCards: PanelContext['savedCards'] | null;
  loading: boolean;
  failed: boolean;
  loaded: boolean;
  none: boolean;
  saving: boolean;
  editingAmount: boolean;
  choosingCard: boolean;
  canEditAmount: boolean;
  canEditCard: boolean;
  canPause: boolean;
  canResume: boolean;
  canCancel: boolean;
}

const selectSubscriptionPanelView = (snapshot: SnapshotFrom<typeof subscriptionPanelMachine>): SubscriptionPanelView => ({
  subscription: snapshot.context.subscription,
  charges: snapshot.context.charges,
  savedCards: snapshot.hasTag('state:loadingCards') ? null : snapshot.context.savedCards,
  loading: snapshot.hasTag('state:loading'),
  failed: snapshot.hasTag('state:failed'),
  loaded: snapshot.hasTag('state:loaded'),
  none: snapshot.hasTag('state:none'),
  saving: snapshot.hasTag('state:saving') || snapshot.hasTag('state:confirming'),
  editingAmount: snapshot.hasTag('state:editingAmount'),
  choosingCard: snapshot.hasTag('state:choosingCard'),
  canEditAmount: snapshot.can({ type: 'amount.editRequested' }),
  canEditCard: snapshot.can({ type: 'card.editRequested' }),
  canPause: snapshot.can({ type: 'subscription.pauseRequested' }),
  canResume: snapshot.can({ type: 'subscription.resumeRequested' }),
  canCancel: snapshot.can({ type: 'subscription.cancelRequested' }),
});
