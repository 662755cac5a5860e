import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { SnapshotFrom } from 'xstate';
import {
  DEFINITION_STEPS,
  giftCardDefinitionMachine,
  type DefinitionIssue,
  type GiftCardDefinitionContext,
} from '../../../machines/gift-card/gift-card-definition.machine';
import { useMachineView } from '../../app/machine-view';
import { personalDraft } from './order-drafts';

/** What the definition page shows of its machine. */
export interface DefinitionView {
  step: (typeof DEFINITION_STEPS)[number] | null;
  design: GiftCardDefinitionContext['design'];
  shipping: GiftCardDefinitionContext['shipping'];
  recipients: GiftCardDefinitionContext['recipients'];
  issues: DefinitionIssue[];
}

const selectDefinitionView = (snapshot: SnapshotFrom<typeof giftCardDefinitionMachine>): DefinitionView => ({
  step: DEFINITION_STEPS.find((step) => snapshot.hasTag(`step:${step}`)) ?? null,
  design: snapshot.context.design,
  shipping: snapshot.context.shipping,
  recipients: snapshot.context.recipients,
  issues: snapshot.context.issues,
});

/**
 * The definition machine, starting from what this tab defined before (back from the checkout, never
 * an order already paid), checked again now (a scheduled send may have passed); a confirmed
 * definition is kept for the checkout, which the page then opens.
 */
export function useGiftCardDefinition() {
  const navigate = useNavigate();
  const [machine] = useState(() =>
    giftCardDefinitionMachine.provide({
      actions: {
        finished: (_, definition) => {
          personalDraft.save(definition);
          void navigate({ to: '/gift-card/checkout' });
        },
      },
    }),
  );
  const [input] = useState(() => ({ ...personalDraft.read(), checkedAt: new Date().toISOString() }));
  return useMachineView(machine, selectDefinitionView, { input });
}
