import { CURRENCY, FORMAT_LOCALE } from '../../../contracts';
import { plainSpaces, reaisOf } from '../../lib/money';
import { formatMoney } from '../../app/format';

/** What a hidden balance shows instead of the amount. */
export const HIDDEN_AMOUNT = 'R$ ••••';

/** The balance as shown: 'R$ 100,00', the mask when hidden, '…' while loading. */
export function balanceText(balance: number | null, visible: boolean): string {
  if (!visible) return HIDDEN_AMOUNT;
  return balance === null ? '…' : formatMoney(balance);
}

// Never rounds up: a shortened balance must not promise more than there is. Here, not in
// src/app/format, because only this lazy chunk needs it (the first page's JS is on a budget).
const compactMoney = new Intl.NumberFormat(FORMAT_LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
  roundingMode: 'trunc',
});
const COMPACT_FROM_CENTS = 1_000_000;

/** For a phone's header: as formatMoney below R$ 10.000, then 'R$ 12,3 mil', 'R$ 1,2 mi' (truncated). */
export function formatMoneyCompact(cents: number): string {
  if (Math.abs(cents) < COMPACT_FROM_CENTS) return formatMoney(cents);
  return plainSpaces(compactMoney.format(reaisOf(Math.trunc(cents))));
}

/** As balanceText, with large amounts shortened ('R$ 12,3 mil') for a phone's header. */
export function compactBalanceText(balance: number | null, visible: boolean): string {
  return visible && balance !== null ? formatMoneyCompact(balance) : balanceText(balance, visible);
}
