import type { AxiosInstance } from 'axios';
import {
  dataRequestSchema,
  organisationProfileSchema,
  organisationPublicSchema,
  type DataRequest,
  type DataRequestsQuery,
  type OrganisationProfileData,
  type OrganisationProfileInput,
  type OrganisationPublic,
} from '../../../contracts/organisation';
import { withApiErrors } from '../http/api-error';
import { http as defaultHttp } from '../http/api-client';

/** The organisation's legal data, its public part and the DPO's list of requests (docs/api.md). */
export function createOrganisationApi(http: AxiosInstance) {
  const call = withApiErrors;
  return {
    profile: (): Promise<OrganisationProfileData> =>
      call(async () => organisationProfileSchema.parse((await http.get('/admin/organization')).data)),
    save: (values: OrganisationProfileInput): Promise<OrganisationProfileData> =>
      call(async () => organisationProfileSchema.parse((await http.put('/admin/organization', values)).data)),
    /** The controller and how to reach its DPO, for the privacy policy. */
    publicContact: (): Promise<OrganisationPublic> =>
      call(async () => organisationPublicSchema.parse((await http.get('/organization')).data)),
    dataRequests: (query: DataRequestsQuery): Promise<{ requests: DataRequest[]; total: number }> =>
      call(async () => {
        const response = await http.get('/admin/data-requests', { params: query });
        return { requests: dataRequestSchema.array().parse(response.data), total: Number(response.headers['x-total-count'] ?? 0) };
      }),
  };
}

export const organisationApi = createOrganisationApi(defaultHttp);
