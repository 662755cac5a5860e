import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { loadCatalogScope } from '../../app/i18n/catalogs';
import { BalanceToggle } from './BalanceToggle';
import { balanceText, compactBalanceText } from './balance-text';
import { useLiveBalance } from './balance-provider';
import * as s from './wallet.css';

/** "Saldo R$ 100,00" in the header for signed-in donors, live, with the eye toggle; links to the wallet. */
export function HeaderBalance({ userId }: { userId: string }) {
  const { t } = useLingui();
  const { balance, visible, toggle } = useLiveBalance(userId);
  const amount = balanceText(balance, visible);
  const compact = compactBalanceText(balance, visible);
  return (
    <span className={s.headerBalance}>
      <Link
        to="/profile/wallet"
        className={s.headerLink}
        aria-label={visible ? t`Saldo ${amount}: abrir carteira` : t`Saldo oculto: abrir carteira`}
      >
        <span className={`${s.balanceLabel} ${s.headerLabel}`}>
          <Trans>Saldo</Trans>
        </span>
        {/* The link's name carries the exact amount; on narrow phones a large one shows shortened. */}
        <span
          className={compact === amount ? s.balanceAmount.header : `${s.balanceAmount.header} ${s.wideOnly}`}
          aria-busy={balance === null}
        >
          {amount}
        </span>
        {compact === amount ? null : (
          <span className={`${s.balanceAmount.header} ${s.narrowOnly}`} aria-hidden="true">
            {compact}
          </span>
        )}
      </Link>
      <BalanceToggle visible={visible} onToggle={toggle} />
    </span>
  );
}

/**
 * The header's lazy chunk: the component and its texts (catalog scope 'wallet') arrive together, so
 * it never shows untranslated for a moment.
 */
export async function loadHeaderBalance(): Promise<{ default: typeof HeaderBalance }> {
  await loadCatalogScope('wallet');
  return { default: HeaderBalance };
}
