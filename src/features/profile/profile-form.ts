import type { User } from '../../../contracts';
import { maskPhone, maskZipCode } from '../../app/forms/masks';
import type { ProfileValues } from '../../../machines/profile/profile.machine';

/** The form's starting values: what is registered, masked the way the fields show it. */
export function profileDefaults(user: User): ProfileValues {
  return {
    name: user.name,
    phone: maskPhone(user.phone),
    birth_date: user.birth_date ?? null,
    address: { ...user.address, zip_code: maskZipCode(user.address.zip_code) },
  };
}
