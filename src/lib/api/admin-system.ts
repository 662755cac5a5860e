import type { AxiosInstance } from 'axios';
import { adminSystemSchema, type AdminSystem } from '../../../contracts/admin-system';
import { withApiErrors } from '../http/api-error';
import { http as defaultHttp } from '../http/api-client';

/** The admins' Sistema page (docs/api.md): the system's state, and a backup asked for now. */
export function createAdminSystemApi(http: AxiosInstance) {
  const call = withApiErrors;
  return {
    read: (): Promise<AdminSystem> => call(async () => adminSystemSchema.parse((await http.get('/admin/system')).data)),
    backUpNow: (): Promise<unknown> => call(async () => (await http.post('/admin/backups')).data),
  };
}

export const adminSystemApi = createAdminSystemApi(defaultHttp);
