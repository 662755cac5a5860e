import { Trans } from '@lingui/react/macro';
import { visuallyHidden } from '../../ui';
import { BalanceToggle } from './BalanceToggle';
import { balanceText } from './balance-text';
import { useLiveBalance } from './balance-provider';
import * as s from './wallet.css';

/** The balance, large, at the top of /profile/wallet; live (announced politely), with the eye toggle. */
export function WalletBalance({ userId }: { userId: string }) {
  const { balance, visible, toggle } = useLiveBalance(userId);
  return (
    <div className={s.pageBalance}>
      <span className={s.balanceLabel}>
        <Trans>Saldo para doar</Trans>
      </span>
      <span className={s.balance}>
        <span className={s.balanceAmount.page} aria-live="polite" aria-busy={balance === null}>
          {visible ? (
            balanceText(balance, true)
          ) : (
            <>
              <span aria-hidden="true">{balanceText(balance, false)}</span>
              <span className={visuallyHidden}>
                <Trans>Saldo oculto</Trans>
              </span>
            </>
          )}
        </span>
        <BalanceToggle visible={visible} onToggle={toggle} />
      </span>
    </div>
  );
}
