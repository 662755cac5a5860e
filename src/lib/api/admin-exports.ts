import type { AxiosInstance } from 'axios';
import { exportJobSchema, type ExportFormat, type ExportJob, type ExportKind } from '../../../contracts/admin-exports';
import { withApiErrors } from '../http/api-error';
import { http as defaultHttp } from '../http/api-client';

const PREFIX: Record<ExportKind, string> = { finances: '/admin/finances/exports', donations: '/admin/donations/exports' };

/** Exports in the background (docs/api.md, …/exports): ask, follow, download; a page's kind picks its calls. */
export function createAdminExportsApi(http: AxiosInstance) {
  const call = withApiErrors;
  return {
    request: (kind: ExportKind, format: ExportFormat, params: Record<string, unknown>): Promise<ExportJob> =>
      call(async () => {
        const body = kind === 'finances' ? { format, period: params } : { format, filter: params };
        return exportJobSchema.parse((await http.post(PREFIX[kind], body)).data);
      }),
    read: (kind: ExportKind, id: string): Promise<ExportJob> =>
      call(async () => exportJobSchema.parse((await http.get(`${PREFIX[kind]}/${encodeURIComponent(id)}`)).data)),
    /** The latest of the caller's exports of that kind still running or ready, if any. */
    latest: (kind: ExportKind): Promise<ExportJob | null> =>
      call(async () => exportJobSchema.array().parse((await http.get(PREFIX[kind])).data)[0] ?? null),
    file: (kind: ExportKind, id: string): Promise<Blob> =>
      call(async () => (await http.get(`${PREFIX[kind]}/${encodeURIComponent(id)}/file`, { responseType: 'blob' })).data as Blob),
  };
}

export const adminExportsApi = createAdminExportsApi(defaultHttp);
