import type { Config } from '../../config';
import type { Database } from '../../db/types';
import type { Translator } from '../../i18n/translator';

/** What the wallet's scheduled jobs need; the lead's pg-boss crons pass the app's own. */
export interface WalletJobDeps {
  db: Database;
  translator: Translator;
  config: Pick<Config, 'publicUrl'>;
  /**
   * Fault injection (tests only): runs inside a settling transaction right after its ledger group
   * is written; throwing there stands for a crash halfway.
   */
  afterLedger?: (source: string) => void | Promise<void>;
}

/** The wallet page the e-mails link to. */
export const walletPageUrl = (config: Pick<Config, 'publicUrl'>): string => `${config.publicUrl}/profile/wallet`;
