import type { AxiosInstance } from 'axios';
import { financeReportSchema, type FinanceReport } from '../../../contracts/admin-finances';
import { withApiErrors } from '../http/api-error';
import { http as defaultHttp } from '../http/api-client';

/** The finances page's calls (docs/api.md, /admin/finances…). */
export function createAdminFinancesApi(http: AxiosInstance) {
  const call = withApiErrors;
  return {
    report: (from: string, to: string): Promise<FinanceReport> =>
      call(async () => financeReportSchema.parse((await http.get('/admin/finances', { params: { from, to } })).data)),
  };
}

export const adminFinancesApi = createAdminFinancesApi(defaultHttp);
