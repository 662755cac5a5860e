import type { AxiosInstance } from 'axios';
import {
  adminDonationDetailSchema,
  adminDonationRowSchema,
  adminRefundSchema,
  type AdminDonationDetail,
  type AdminDonationRow,
  type AdminRefund,
} from '../../../contracts/admin-donations';
import { IDEMPOTENCY_KEY_HEADER } from '../../../contracts/constants';
import type { DonationCommand } from '../../../machines/admin/donation-detail.machine';
import { withApiErrors } from '../http/api-error';
import { http as defaultHttp } from '../http/api-client';

/** The admin donations page's calls (docs/api.md, /admin/donations…). */
export function createAdminDonationsApi(http: AxiosInstance) {
  const call = withApiErrors;
  return {
    list: (query: Record<string, string | number | undefined>): Promise<{ rows: AdminDonationRow[]; total: number }> =>
      call(async () => {
        const response = await http.get('/admin/donations', { params: query });
        return { rows: adminDonationRowSchema.array().parse(response.data), total: Number(response.headers['x-total-count'] ?? 0) };
      }),
    detail: (id: string): Promise<AdminDonationDetail> =>
      call(async () => adminDonationDetailSchema.parse((await http.get(`/admin/donations/${encodeURIComponent(id)}`)).data)),
    /** Asks for, approves or rejects a refund; answers the refund as the server has it now. */
    run: (id: string, command: DonationCommand): Promise<AdminRefund> =>
      call(async () => {
        const response =
          command.type === 'refund'
            ? await http.post(
                `/admin/donations/${encodeURIComponent(id)}/refunds`,
                { amount: command.amount, reason: command.reason },
                { headers: { [IDEMPOTENCY_KEY_HEADER]: command.key } },
              )
            : await http.post(`/admin/refunds/${encodeURIComponent(command.refundId)}/${command.type}`);
        return adminRefundSchema.parse(response.data);
      }),
  };
}

export const adminDonationsApi = createAdminDonationsApi(defaultHttp);
