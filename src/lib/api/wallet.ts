import type { AxiosInstance } from 'axios';
import { walletBalanceSchema } from '../../../contracts';
import { http as defaultHttp } from '../http/api-client';

export function createWalletApi(http: AxiosInstance) {
  return {
    /** GET /donors/:id/wallets/balance → spendable cents; 0 on any failure (SPEC.md §7, §8). */
    async getWalletBalance(donorId: string): Promise<number> {
      try {
        return walletBalanceSchema.parse((await http.get(`/donors/${encodeURIComponent(donorId)}/wallets/balance`)).data).data;
      } catch {
        return 0;
      }
    },
  };
}

export const walletApi = createWalletApi(defaultHttp);
