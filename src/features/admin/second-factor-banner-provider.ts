import { useEffect, useState } from 'react';
import { grantsOf, holdsMoneyPermission, type User } from '../../../contracts';
import { secondFactorApi } from '../../lib/api/second-factor';

/**
 * Whether the admin pages must lead to enrolment: ADMIN_SECOND_FACTOR is required and this member holds a
 * money permission without a factor (GET /users/profile/second-factor says both). Asked once per user; a
 * failed read shows nothing (every write would still answer 403 auth.second_factor_enrolment_required).
 */
export function useEnrolmentRequired(user: User | null): boolean {
  const [required, setRequired] = useState(false);
  const holdsMoney = user !== null && holdsMoneyPermission(grantsOf(user).permissions);
  useEffect(() => {
    if (!holdsMoney) return setRequired(false);
    let current = true;
    secondFactorApi.status().then(
      (status) => current && setRequired(status.required && !status.enrolled),
      () => current && setRequired(false),
    );
    return () => {
      current = false;
    };
  }, [holdsMoney, user?.id]);
  return required;
}
