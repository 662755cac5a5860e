import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import {
  cardCountOf,
  CORPORATE_STEPS,
  type CorporateDefinitionContext,
  type CorporateDefinitionMachine,
} from '../../../../machines/gift-card/corporate-definition.machine';
import type { CorporateRecipientsMachine } from '../../../../machines/gift-card/corporate-recipients.machine';
import { sameFields } from '../../../app/machine-view';
import { inspected } from '../../../lib/inspect';
import { corporateDraft } from '../order-drafts';
import {
  provideCorporateDefinition,
  realCorporateDefinitionServices,
  type CorporateDefinitionServices,
} from './corporate-definition-services';

/** What the recipients step's machine shows while it is open; the definition's own otherwise. */
type RecipientsView = Pick<CorporateDefinitionContext, 'preview' | 'sheet' | 'quantity' | 'issues' | 'failure'> & {
  /** 0 to 1 while the spreadsheet is read. */
  progress: number;
  reading: boolean;
  previewing: boolean;
  uploading: boolean;
};

/** What the corporate definition page shows of its machine. */
export interface CorporateDefinitionView extends CorporateDefinitionContext, RecipientsView {
  step: (typeof CORPORATE_STEPS)[number] | null;
  /** How many cards, once the recipients are known. */
  count: number;
}

const selectDefinition = (snapshot: SnapshotFrom<CorporateDefinitionMachine>) => {
  const { context } = snapshot;
  return {
    step: CORPORATE_STEPS.find((step) => snapshot.hasTag(`step:${step}`)) ?? null,
    uploading: snapshot.hasTag('state:uploading'),
    design: context.design,
    preview: context.preview,
    sheet: context.sheet,
    quantity: context.quantity,
    shipping: context.shipping,
    logo: context.logo,
    issues: context.issues,
    failure: context.failure,
  };
};

const selectRecipients = (snapshot: SnapshotFrom<CorporateRecipientsMachine> | undefined): RecipientsView | null =>
  snapshot
    ? {
        preview: snapshot.context.preview,
        sheet: snapshot.context.sheet,
        quantity: snapshot.context.quantity,
        issues: snapshot.context.issues,
        failure: snapshot.context.failure,
        progress: snapshot.context.progress,
        reading: snapshot.hasTag('state:reading'),
        previewing: snapshot.hasTag('state:preview'),
        uploading: snapshot.hasTag('state:uploading'),
      }
    : null;

const sameOrNone = <T extends object>(a: T | null, b: T | null) => (a && b ? sameFields(a, b) : a === b);

/**
 * The corporate definition machine, from what this tab defined before (never an order already paid),
 * checked again now; a confirmed definition is kept for the corporate checkout, which then opens.
 * The recipients step's child machine is subscribed to on its own, so the reading's progress
 * re-renders the page without a change of the definition's.
 */
export function useCorporateDefinition(
  services: CorporateDefinitionServices = realCorporateDefinitionServices,
): [CorporateDefinitionView, (event: EventFromLogic<CorporateDefinitionMachine>) => void] {
  const navigate = useNavigate();
  const [machine] = useState(() =>
    provideCorporateDefinition(services, (definition) => {
      corporateDraft.save(definition);
      void navigate({ to: '/gift-card/checkout-corporate' });
    }),
  );
  const [input] = useState(() => ({ definition: corporateDraft.read(), checkedAt: new Date().toISOString() }));
  const actor = useActorRef(machine, inspected({ input }));
  const definition = useSelector(actor, selectDefinition, sameFields);
  const child = useSelector(actor, (snapshot) => snapshot.children.recipients);
  const recipients = useSelector(child, selectRecipients, sameOrNone);
  const view = recipients
    ? { ...definition, ...recipients, uploading: definition.uploading || recipients.uploading }
    : { ...definition, progress: 0, reading: false, previewing: false };
  return [{ ...view, count: cardCountOf(view) }, actor.send];
}
