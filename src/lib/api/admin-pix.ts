import type { AxiosInstance } from 'axios';
import { payoutAccountSchema, pixKeySchema, type PayoutAccount, type PixKey } from '../../../contracts/admin-pix';
import type { ApprovalCommand } from '../../../machines/admin/approvals.machine';
import { withApiErrors } from '../http/api-error';
import { http as defaultHttp } from '../http/api-client';

/** PIX keys and payout accounts (docs/api.md, /admin/pix-keys, /admin/pix-accounts). */
export function createAdminPixApi(http: AxiosInstance) {
  const call = withApiErrors;
  const run = (base: string) => (command: ApprovalCommand) =>
    call(async () => {
      if (command.type === 'request') await http.post(base, command.input);
      else await http.post(`${base}/${encodeURIComponent(command.id)}/${command.type}`);
    });
  return {
    keys: (): Promise<PixKey[]> => call(async () => pixKeySchema.array().parse((await http.get('/admin/pix-keys')).data)),
    accounts: (): Promise<PayoutAccount[]> =>
      call(async () => payoutAccountSchema.array().parse((await http.get('/admin/pix-accounts')).data)),
    runKey: run('/admin/pix-keys'),
    runAccount: run('/admin/pix-accounts'),
  };
}

export const adminPixApi = createAdminPixApi(defaultHttp);
