import { useState } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { msg } from '@lingui/core/macro';
import { MAX_PAGE_SIZE, type CampaignSummary } from '../../../contracts';
import { walletPageMachine, type Cause, type WalletPageData } from '../../../machines/wallet/wallet-page.machine';
import { listCampaigns } from '../../lib/api/campaigns';
import { walletApi } from '../../lib/api/wallet';
import { i18n } from '../../app/i18n/catalogs';
import { reportError } from '../../app/report-error';
import { toast } from '../../app/toast';
import { useMachineView } from '../../app/machine-view';

const causeSaved = msg`Pronto! Guardamos a causa da sua doação automática.`;

/** Campaigns the automatic donation may go to: active and within their dates (as the server checks). */
export function acceptsDonationsNow(campaign: Pick<CampaignSummary, 'status' | 'starts_at' | 'ends_at'>, now: Date): boolean {
  if (campaign.status !== 'published') return false;
  if (campaign.starts_at && new Date(campaign.starts_at) > now) return false;
  return !(campaign.ends_at && new Date(campaign.ends_at) <= now);
}

/** The causes for the picker; without them the page still works (the donor can let Semear choose). */
async function loadCauses(now: Date): Promise<Cause[]> {
  try {
    const { items } = await listCampaigns({ amount: MAX_PAGE_SIZE, sort: 'most_raised' });
    return items.filter((c) => acceptsDonationsNow(c, now)).map(({ slug, title }) => ({ slug, title }));
  } catch {
    return [];
  }
}

async function loadWallet(page: number): Promise<WalletPageData> {
  const [overview, statement, causes] = await Promise.all([
    walletApi.getWallet(),
    walletApi.getWalletStatement({ page }),
    loadCauses(new Date()),
  ]);
  return { overview, statement, causes };
}

/** The wallet page machine with its real side effects: the wallet API, the campaign list, toasts. */
export function useWalletPage() {
  const [machine] = useState(() =>
    walletPageMachine.provide({
      actors: {
        loadWallet: fromPromise(({ input }) => loadWallet(input.page)),
        loadStatement: fromPromise(({ input }) => walletApi.getWalletStatement({ page: input.page })),
        saveCause: fromPromise(({ input }) => walletApi.setAutoDonationCause(input.slug)),
      },
      actions: {
        causeSaved: () => toast.success(i18n._(causeSaved)),
        // A wallet that did not load has its retry notice on the page; a failed statement page or cause has no place but a toast.
        failed: ({ event }, { error }) =>
          void reportError(error, (event as { type: string }).type === 'xstate.error.actor.loadWallet' ? 'inline' : 'toast'),
      },
    }),
  );
  const [view, send] = useMachineView(machine, selectWalletPageView);
  return {
    view,
    chooseCause: (slug: string | null) => send({ type: 'cause.selected', slug }),
    showStatementPage: (page: number) => send({ type: 'statement.pageRequested', page }),
    retry: () => send({ type: 'wallet.retried' }),
    walletChanged: () => send({ type: 'wallet.changed' }),
  };
}

/** What the wallet page shows of its machine. */
export interface WalletPageView {
  data: WalletPageData | null;
  loading: boolean;
  failed: boolean;
  savingCause: boolean;
  loadingStatement: boolean;
}

const selectWalletPageView = (snapshot: SnapshotFrom<typeof walletPageMachine>): WalletPageView => ({
  data: snapshot.context.data,
  loading: snapshot.hasTag('state:loading'),
  failed: snapshot.hasTag('state:failed'),
  savingCause: snapshot.hasTag('state:savingCause'),
  loadingStatement: snapshot.hasTag('state:loadingStatement'),
});
