import type { AxiosInstance } from 'axios';
import { adminCampaignRowSchema, type AdminCampaignRow } from '../../../contracts/admin-campaigns';
import { adminCategorySchema, adminTagSchema } from '../../../contracts/admin-taxonomy';
import type { TaxonomyCommand, TaxonomyItem } from '../../../machines/admin/taxonomy-list.machine';
import { withApiErrors } from '../http/api-error';
import { http as defaultHttp } from '../http/api-client';

export type TaxonomyKind = 'categories' | 'tags';

/** The admins' categories and tags: the list, and each change as its call (docs/api.md). */
export function createAdminTaxonomyApi(http: AxiosInstance) {
  const call = withApiErrors;
  const one = (kind: TaxonomyKind, slug: string) => `/admin/${kind}/${encodeURIComponent(slug)}`;
  return {
    list: (kind: TaxonomyKind): Promise<TaxonomyItem[]> =>
      call(async () =>
        (kind === 'categories' ? adminCategorySchema : adminTagSchema).array().parse((await http.get(`/admin/${kind}`)).data),
      ),
    run: (kind: TaxonomyKind, command: TaxonomyCommand): Promise<void> =>
      call(async () => {
        if (command.type === 'create') await http.post(`/admin/${kind}`, command.input);
        else if (command.type === 'rename') await http.patch(one(kind, command.slug), command.input);
        else if (command.type === 'reorder') await http.put('/admin/categories/order', { slugs: command.slugs });
        else if (command.type === 'merge') await http.post('/admin/tags/merge', { from: command.from, into: command.into });
        else await http.delete(one(kind, command.slug), { params: command.moveTo ? { move_to: command.moveTo } : {} });
      }),
  };
}

/** GET /admin/campaigns: a page of the admins' campaign list and how many match. */
export function createAdminCampaignsApi(http: AxiosInstance) {
  return {
    list: (query: Record<string, string | number | undefined>): Promise<{ rows: AdminCampaignRow[]; total: number }> =>
      withApiErrors(async () => {
        const response = await http.get('/admin/campaigns', { params: query });
        return { rows: adminCampaignRowSchema.array().parse(response.data), total: Number(response.headers['x-total-count'] ?? 0) };
      }),
  };
}

export const adminCampaignsApi = createAdminCampaignsApi(defaultHttp);
export const adminTaxonomyApi = createAdminTaxonomyApi(defaultHttp);
