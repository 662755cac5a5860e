import { useState } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { msg } from '@lingui/core/macro';
import type { SavedCard } from '../../../contracts/cards';
import { useConfirm } from '../../app/dialogs/confirm';
import { i18n } from '../../app/i18n/catalogs';
import { reportError } from '../../app/report-error';
import { toast } from '../../app/toast';
import { useMachineView } from '../../app/machine-view';
import { cardsApi, type CardsApi } from '../../lib/api/cards';
import { cardsMachine } from '../../../machines/cards/cards.machine';
import { cardBrandName } from '../../../contracts/cards';

const defaultSet = msg`Cartão padrão atualizado.`;
const removed = msg`Cartão removido.`;

/** The cards machine with its real side effects: the API, the app's confirm dialog and toasts. */
export function useCardsFlow(initialCards: SavedCard[], api: CardsApi = cardsApi) {
  const confirm = useConfirm();
  const [machine] = useState(() =>
    cardsMachine.provide({
      actors: {
        setDefault: fromPromise(({ input }) => api.setDefaultCard(input.id)),
        removeCard: fromPromise(({ input }) => api.removeCard(input.id)),
        confirmRemoval: fromPromise(({ input }) => {
          const card = `${cardBrandName(input.card.brand)} •••• ${input.card.last4}`;
          return confirm({
            title: i18n._(msg`Remover o cartão ${card}?`),
            description: i18n._(
              msg`Você não poderá mais doar com ele sem digitá-lo de novo. As doações já feitas continuam no seu histórico.`,
            ),
            confirmText: i18n._(msg`Remover cartão`),
          });
        }),
      },
      actions: {
        defaultSet: () => void toast.success(i18n._(defaultSet)),
        removed: () => void toast.success(i18n._(removed)),
        failed: (_, { error }) => void reportError(error),
      },
    }),
  );
  const [view, send] = useMachineView(machine, selectCardsView, { input: { cards: initialCards } });
  return {
    view,
    setDefault: (id: string) => send({ type: 'card.defaultRequested', id }),
    remove: (id: string) => send({ type: 'card.removeRequested', id }),
  };
}

/** What /profile/cards shows of the cards machine: the list, and which card is being changed and how. */
export interface CardsView {
  cards: SavedCard[];
  busy: boolean;
  settingDefaultId: string | null;
  removingId: string | null;
}

const selectCardsView = (snapshot: SnapshotFrom<typeof cardsMachine>): CardsView => ({
  cards: snapshot.context.cards,
  busy: !snapshot.hasTag('state:idle'),
  settingDefaultId: snapshot.matches('settingDefault') ? snapshot.context.pendingId : null,
  removingId: snapshot.matches('removing') ? snapshot.context.pendingId : null,
});
