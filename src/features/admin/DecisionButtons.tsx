import { Trans } from '@lingui/react/macro';
import { Button } from '../../ui';
import * as s from './taxonomy/taxonomy.css';

/** A second admin's decision on a change that waits for one (a refund, a PIX key, an account). */
export function DecisionButtons({ busy, onDecide }: { busy: boolean; onDecide(approve: boolean): void }) {
  return (
    <div className={s.actions}>
      <Button type="button" size="sm" disabled={busy} onClick={() => onDecide(true)}>
        <Trans>Aprovar</Trans>
      </Button>
      <Button type="button" size="sm" variant="ghost" disabled={busy} onClick={() => onDecide(false)}>
        <Trans>Recusar</Trans>
      </Button>
    </div>
  );
}
