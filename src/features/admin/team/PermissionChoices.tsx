import { useLingui } from '@lingui/react/macro';
import { PERMISSIONS, type Permission } from '../../../../contracts/permissions';
import { Checkbox } from '../../../ui';
import { PERMISSION_NAMES } from './permission-names';
import * as s from '../taxonomy/taxonomy.css';

/**
 * The permissions to give, as checkboxes; `value` is the chosen set. Only `grantable` ones can be ticked
 * (the server refuses giving what the admin does not hold); one already given can always be taken away.
 */
export function PermissionChoices({
  legend,
  value,
  grantable,
  onChange,
}: {
  legend: string;
  value: readonly Permission[];
  grantable: readonly Permission[];
  onChange: (next: Permission[]) => void;
}) {
  const { i18n } = useLingui();
  return (
    <fieldset className={s.fieldset}>
      <legend>{legend}</legend>
      <div className={s.actions}>
        {PERMISSIONS.map((permission) => (
          <Checkbox
            key={permission}
            label={i18n._(PERMISSION_NAMES[permission])}
            checked={value.includes(permission)}
            disabled={!grantable.includes(permission) && !value.includes(permission)}
            onChange={(event) => onChange(PERMISSIONS.filter((p) => (p === permission ? event.target.checked : value.includes(p))))}
          />
        ))}
      </div>
    </fieldset>
  );
}
