import type { AxiosInstance } from 'axios';
import { documentVerificationSchema, type DocumentVerification } from '../../../contracts/statements';
import { withApiErrors } from '../http/api-error';
import { http as defaultHttp } from '../http/api-client';

/** The public check of a document's verification code (GET /documents/{code}; the page /recibos/{code}). */
export function createDocumentsApi(http: AxiosInstance) {
  return {
    verify: (code: string): Promise<DocumentVerification> =>
      withApiErrors(async () => documentVerificationSchema.parse((await http.get(`/documents/${encodeURIComponent(code)}`)).data)),
  };
}

export const documentsApi = createDocumentsApi(defaultHttp);
