import type { AxiosInstance } from 'axios';
import { guestStatementMailedSchema, type GuestStatementMailed } from '../../../contracts/guest-statements';
import { RECEIPT_TOKEN_HEADER } from '../../../contracts/constants';
import { statementYearsSchema, type StatementYears } from '../../../contracts/statements';
import { withApiErrors } from '../http/api-error';
import { http as defaultHttp } from '../http/api-client';

const PROFILE = '/users/profile';

/** A donor's statements (docs/privacy.md): the years with gifts and their PDFs, fetched with the session. */
export function createStatementsApi(http: AxiosInstance) {
  const pdf = (path: string): Promise<Blob> => withApiErrors(async () => (await http.get(path, { responseType: 'blob' })).data as Blob);
  return {
    years: (): Promise<StatementYears> =>
      withApiErrors(async () => statementYearsSchema.parse((await http.get(`${PROFILE}/statements`)).data)),
    statementPdf: (year: number): Promise<Blob> => pdf(`${PROFILE}/statements/${year}.pdf`),
    declarationPdf: (year: number): Promise<Blob> => pdf(`${PROFILE}/declarations/${year}.pdf`),
    /** A guest's: the year's statement mailed to the donation's e-mail, asked with its receipt token. */
    mailGuestStatement: (donationId: string, receiptToken: string): Promise<GuestStatementMailed> =>
      withApiErrors(async () =>
        guestStatementMailedSchema.parse(
          (
            await http.post(`/donations/${encodeURIComponent(donationId)}/statement-mail`, undefined, {
              headers: { [RECEIPT_TOKEN_HEADER]: receiptToken },
            })
          ).data,
        ),
      ),
  };
}

export const statementsApi = createStatementsApi(defaultHttp);
