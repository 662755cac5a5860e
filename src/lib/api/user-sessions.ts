import type { AxiosInstance } from 'axios';
import { userSessionSchema, type UserSession } from '../../../contracts/user-sessions';
import { withApiErrors } from '../http/api-error';
import { http as defaultHttp } from '../http/api-client';

/** The person's own sessions (docs/api.md): list, end one, end all others. */
export function createUserSessionsApi(http: AxiosInstance) {
  const call = withApiErrors;
  return {
    list: (): Promise<UserSession[]> => call(async () => userSessionSchema.array().parse((await http.get('/users/profile/sessions')).data)),
    end: (id: string): Promise<void> => call(async () => void (await http.delete(`/users/profile/sessions/${encodeURIComponent(id)}`))),
    endOthers: (): Promise<void> => call(async () => void (await http.delete('/users/profile/sessions'))),
  };
}

export const userSessionsApi = createUserSessionsApi(defaultHttp);
