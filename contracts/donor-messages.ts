import type { MessageDescriptor } from './messages';

/**
 * Messages of the donor's home (wallet, monthly giving, notifications, contributions, cards): errors
 * the API translates and the few texts contracts carry. Their catalog scope is `wallet`
 * (src/app/i18n/scopes.ts): the first page never loads them.
 */
export const donorMessages = {
  // wallet
  // subscriptions
  // notifications
  // contributions and cards
} satisfies Record<string, MessageDescriptor>;
