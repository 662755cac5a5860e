import type { AxiosInstance } from 'axios';
import type { PageView } from '../../../contracts';
import { http as defaultHttp } from '../http/api-client';
import { normalizeApiError } from '../http/api-error';

export function createAnalyticsApi(http: AxiosInstance) {
  return {
    /**
     * POST /analytics/page-views {views} (1–100 views). A batch the API refuses as invalid (400: e.g. a
     * view older than the server keeps) is dropped: sent again it would be refused again, every 3 s.
     * Other failures (offline, 429) throw, so the queue keeps the views for the next tick.
     */
    async sendPageViews(views: PageView[]): Promise<void> {
      await http.post('/analytics/page-views', { views }).catch((error: unknown) => {
        if (normalizeApiError(error).status !== 400) throw error;
      });
    },
  };
}

export type AnalyticsApi = ReturnType<typeof createAnalyticsApi>;

export const analyticsApi = createAnalyticsApi(defaultHttp);
export const { sendPageViews } = analyticsApi;
