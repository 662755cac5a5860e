import type { AxiosInstance } from 'axios';
import {
  contributionListSchema,
  CONTRIBUTIONS_PAGE_SIZE,
  type Contribution,
  type ContributionsRouteSearch,
} from '../../../contracts/contributions';
import { withApiErrors } from '../http/api-error';
import { http as defaultHttp } from '../http/api-client';

export interface ContributionsPage {
  items: Contribution[];
  total: number;
  page: number;
  amount: number;
}

export function createContributionsApi(http: AxiosInstance) {
  return {
    /** GET /contributions with the page's filters; the total comes from x-total-count. */
    async listContributions(search: ContributionsRouteSearch, amount = CONTRIBUTIONS_PAGE_SIZE): Promise<ContributionsPage> {
      const page = search.page ?? 0;
      return withApiErrors(async () => {
        const response = await http.get('/contributions', {
          params: { type: search.type, status: search.status, period: search.period, page, amount },
        });
        const items = contributionListSchema.parse(response.data);
        return { items, total: Number(response.headers['x-total-count'] ?? items.length), page, amount };
      });
    },
  };
}

export const contributionsApi = createContributionsApi(defaultHttp);
