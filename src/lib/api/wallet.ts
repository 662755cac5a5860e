import type { AxiosInstance } from 'axios';
import {
  DEFAULT_PAGE_SIZE,
  giftCardRedeemedSchema,
  type GiftCardRedeemed,
  walletBalanceSchema,
  walletOverviewSchema,
  walletStatementSchema,
  type WalletOverview,
  type WalletStatementEntry,
} from '../../../contracts';
import { withApiErrors } from '../http/api-error';
import { http as defaultHttp } from '../http/api-client';

/** One page of the wallet statement and the total behind it (header x-total-count). */
export interface WalletStatementPage {
  entries: WalletStatementEntry[];
  total: number;
  page: number;
  amount: number;
}

export function createWalletApi(http: AxiosInstance) {
  const balancePath = (donorId: string) => `/donors/${encodeURIComponent(donorId)}/wallets/balance`;

  /** Every failure reaches callers as an ApiRequestError (a malformed answer included). */
  const call = withApiErrors;

  return {
    /** GET /donors/:id/wallets/balance → spendable cents; 0 on any failure (docs/spec.md §7, §8). */
    async getWalletBalance(donorId: string): Promise<number> {
      try {
        return walletBalanceSchema.parse((await http.get(balancePath(donorId))).data).data;
      } catch {
        return 0;
      }
    },
    /** The same call, rejecting on failure: the balance machine decides what a failure shows. */
    fetchWalletBalance(donorId: string): Promise<number> {
      return call(async () => walletBalanceSchema.parse((await http.get(balancePath(donorId))).data).data);
    },
    /** GET /wallet: balance, lots, the next automatic donation and the chosen cause. */
    getWallet(): Promise<WalletOverview> {
      return call(async () => walletOverviewSchema.parse((await http.get('/wallet')).data));
    },
    /** GET /wallet/statement?page&amount, newest first. */
    getWalletStatement({ page = 0, amount = DEFAULT_PAGE_SIZE }: { page?: number; amount?: number } = {}): Promise<WalletStatementPage> {
      return call(async () => {
        const response = await http.get('/wallet/statement', { params: { page, amount } });
        const entries = walletStatementSchema.parse(response.data);
        const header = Number(response.headers['x-total-count']);
        return {
          entries,
          total: Number.isFinite(header) && response.headers['x-total-count'] != null ? header : entries.length,
          page,
          amount,
        };
      });
    },
    /** PUT /wallet/auto-donation-cause: a campaign slug, or null to let Semear choose. */
    setAutoDonationCause(campaignSlug: string | null): Promise<WalletOverview> {
      return call(async () =>
        walletOverviewSchema.parse((await http.put('/wallet/auto-donation-cause', { campaign_slug: campaignSlug })).data),
      );
    },
    /** POST /gift-cards/redemptions: the card's balance becomes wallet credit with the card's expiry. */
    redeemGiftCard(code: string): Promise<GiftCardRedeemed> {
      return call(async () => giftCardRedeemedSchema.parse((await http.post('/gift-cards/redemptions', { code })).data));
    },
  };
}

export type WalletApi = ReturnType<typeof createWalletApi>;
export const walletApi = createWalletApi(defaultHttp);
