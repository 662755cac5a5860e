import type { AxiosInstance } from 'axios';
import type { PageView } from '../../../contracts';
import { http as defaultHttp } from '../http/api-client';

export function createAnalyticsApi(http: AxiosInstance) {
  return {
    /** POST /analytics/page-views {views} (1–100 views). */
    async sendPageViews(views: PageView[]): Promise<void> {
      await http.post('/analytics/page-views', { views });
    },
  };
}

export type AnalyticsApi = ReturnType<typeof createAnalyticsApi>;

export const analyticsApi = createAnalyticsApi(defaultHttp);
export const { sendPageViews } = analyticsApi;
