import { errorCodes } from '../../contracts/errors';
import { messages as m } from '../../contracts/messages';
import { invalid } from '../domain/errors';
import { isCommonPassword } from './passwords';

/** Length is checked by the contracts' schema; the common-password list lives on the server only. */
export function assertPasswordNotCommon(password: string): void {
  if (isCommonPassword(password)) throw invalid(errorCodes.validation, [m.passwordTooCommon]);
}
