import type { AxiosInstance } from 'axios';
import { dataExportAcceptedSchema, dataExportSchema, latestDataExportSchema, type DataExport } from '../../../contracts/data-export';
import { withApiErrors } from '../http/api-error';
import { http as defaultHttp } from '../http/api-client';

const BASE = '/users/profile/data-export';

/** A copy of one's data (docs/api.md, /users/profile/data-export): ask, follow, download with the session. */
export function createDataExportApi(http: AxiosInstance) {
  const call = withApiErrors;
  return {
    /** Asks for a copy (or answers the one pending) and reads it back. */
    request: (): Promise<DataExport> =>
      call(async () => {
        const { id } = dataExportAcceptedSchema.parse((await http.post(BASE)).data);
        return dataExportSchema.parse((await http.get(`${BASE}/${encodeURIComponent(id)}`)).data);
      }),
    latest: (): Promise<DataExport | null> => call(async () => latestDataExportSchema.parse((await http.get(BASE)).data)),
    read: (id: string): Promise<DataExport> =>
      call(async () => dataExportSchema.parse((await http.get(`${BASE}/${encodeURIComponent(id)}`)).data)),
    /** The ZIP, fetched with the bearer token the client adds to every call. */
    file: (id: string): Promise<Blob> =>
      call(async () => (await http.get(`${BASE}/${encodeURIComponent(id)}/download`, { responseType: 'blob' })).data as Blob),
  };
}

export const dataExportApi = createDataExportApi(defaultHttp);
