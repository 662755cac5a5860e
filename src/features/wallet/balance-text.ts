import { formatMoney, formatMoneyCompact } from '../../app/format';

/** What a hidden balance shows instead of the amount. */
export const HIDDEN_AMOUNT = 'R$ ••••';

/** The balance as shown: 'R$ 100,00', the mask when hidden, '…' while loading. */
export function balanceText(balance: number | null, visible: boolean): string {
  if (!visible) return HIDDEN_AMOUNT;
  return balance === null ? '…' : formatMoney(balance);
}

/** As balanceText, with large amounts shortened ('R$ 12,3 mil') for a phone's header. */
export function compactBalanceText(balance: number | null, visible: boolean): string {
  return visible && balance !== null ? formatMoneyCompact(balance) : balanceText(balance, visible);
}
