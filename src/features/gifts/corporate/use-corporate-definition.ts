import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { SnapshotFrom } from 'xstate';
import {
  cardCountOf,
  CORPORATE_STEPS,
  type CorporateDefinitionContext,
  type CorporateDefinitionMachine,
} from '../../../../machines/gift-card/corporate-definition.machine';
import { useMachineView } from '../../../app/machine-view';
import { corporateDraft } from '../order-drafts';
import {
  provideCorporateDefinition,
  realCorporateDefinitionServices,
  type CorporateDefinitionServices,
} from './corporate-definition-services';

/** What the corporate definition page shows of its machine. */
export interface CorporateDefinitionView extends Omit<CorporateDefinitionContext, 'file'> {
  step: (typeof CORPORATE_STEPS)[number] | null;
  reading: boolean;
  previewing: boolean;
  uploading: boolean;
  /** How many cards, once the recipients are known. */
  count: number;
}

const selectView = (snapshot: SnapshotFrom<CorporateDefinitionMachine>): CorporateDefinitionView => {
  const { context } = snapshot;
  return {
    step: CORPORATE_STEPS.find((step) => snapshot.hasTag(`step:${step}`)) ?? null,
    reading: snapshot.hasTag('state:reading'),
    previewing: snapshot.hasTag('state:preview'),
    uploading: snapshot.hasTag('state:uploading'),
    count: cardCountOf(context),
    design: context.design,
    progress: context.progress,
    preview: context.preview,
    sheet: context.sheet,
    quantity: context.quantity,
    shipping: context.shipping,
    logo: context.logo,
    issues: context.issues,
    failure: context.failure,
  };
};

/**
 * The corporate definition machine, from what this tab defined before (never an order already paid),
 * checked again now; a confirmed definition is kept for the corporate checkout, which then opens.
 */
export function useCorporateDefinition(services: CorporateDefinitionServices = realCorporateDefinitionServices) {
  const navigate = useNavigate();
  const [machine] = useState(() =>
    provideCorporateDefinition(services, (definition) => {
      corporateDraft.save(definition);
      void navigate({ to: '/gift-card/checkout-corporate' });
    }),
  );
  const [input] = useState(() => ({ definition: corporateDraft.read(), checkedAt: new Date().toISOString() }));
  return useMachineView(machine, selectView, { input });
}
