import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { redeemCardMachine, type CardBalance } from '../../../machines/gift-card/redeem-card.machine';
import type { GiftCardRedeemed } from '../../../contracts';
import { useVisitorPrompt } from '../../app/dialogs/visitor-prompt';
import type { FormFailure } from '../../app/forms/form-failure';
import { useMachineView } from '../../app/machine-view';
import { reportError } from '../../app/report-error';
import { donationsApi } from '../../lib/api/donations';
import { walletApi } from '../../lib/api/wallet';

const SCREENS = ['loading', 'found', 'redeemed', 'notFound', 'unavailable'] as const;

/** What the redemption page shows of its machine. */
export interface RedeemCardView {
  screen: (typeof SCREENS)[number] | null;
  card: CardBalance | null;
  redeeming: boolean;
  redeemed: GiftCardRedeemed | null;
  failure: FormFailure | null;
}

const selectRedeemCardView = (snapshot: SnapshotFrom<typeof redeemCardMachine>): RedeemCardView => ({
  screen: SCREENS.find((screen) => snapshot.hasTag(`state:${screen}`)) ?? null,
  card: snapshot.context.found,
  redeeming: snapshot.hasTag('state:redeeming'),
  redeemed: snapshot.context.outcome,
  failure: snapshot.context.failure,
});

export interface RedeemCardServices {
  lookUp(code: string): Promise<CardBalance>;
  redeem(code: string): Promise<GiftCardRedeemed>;
}

const realServices: RedeemCardServices = {
  lookUp: (code) => donationsApi.getGiftCard(code),
  redeem: (code) => walletApi.redeemGiftCard(code),
};

/** The machine with the API and the visitor prompt (sign in or sign up, then back to this page). */
export function useRedeemCard(code: string, signedIn: boolean, services: RedeemCardServices = realServices) {
  const { t } = useLingui();
  const prompt = useVisitorPrompt();
  const [machine] = useState(() =>
    redeemCardMachine.provide({
      actors: {
        lookUp: fromPromise(({ input }) => services.lookUp(input.key)),
        act: fromPromise(({ input }) => services.redeem(input.key)),
      },
      actions: {
        promptVisitor: () => prompt.open({ description: t`Entre ou crie sua conta para guardar o valor deste gift card na sua carteira.` }),
        // The page's alert says it; nothing more.
        failed: (_, { error }) => void reportError(error, 'inline'),
      },
    }),
  );
  return useMachineView(machine, selectRedeemCardView, { input: { code, signedIn } });
}
