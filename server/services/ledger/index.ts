/** The double-entry ledger (docs/design.md §6, docs/ledger.md). */
export { accountKey, type AccountRef } from './accounts';
export { accountBalance, lotRemaining, walletBalance, walletLots, type WalletLotBalance } from './balances';
export { giftCardAfterPayment, issueGiftCard, usableGiftCard, type GiftCardRow } from './gift-cards';
export {
  assertBalanced,
  findLedgerGroup,
  postLedgerGroup,
  UnbalancedLedgerGroupError,
  type LedgerGroupInput,
  type LedgerLine,
} from './post-group';
export { creditWallet, spendFromWallet, WalletInsufficientError, type WalletSpend } from './wallet';
