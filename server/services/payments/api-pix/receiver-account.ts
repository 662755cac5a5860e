import { eq } from 'drizzle-orm';
import { payoutAccounts } from '../../../db/schema';
import type { Database } from '../../../db/types';
import type { Recebedor } from './recurrence-schemas';

const TIPO_CONTA = { checking: 'CORRENTE', savings: 'POUPANCA', payment: 'PAGAMENTO' } as const;

/**
 * The spec's `recebedor` of a Pix Automático debit: the NGO's payout account in force (Admin → PIX accounts,
 * approved by a second admin), the account the bank checks belongs to the receiver. `conta` is the number with
 * its check digit (up to 13 characters, within the spec's 20), `agencia` the 4-digit branch. null: none approved.
 */
export function payoutAccountReceiver(db: Database): () => Promise<Recebedor | null> {
  return async () => {
    const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.status, 'active')).limit(1);
    if (!account) return null;
    return { conta: `${account.account}${account.digit.toUpperCase()}`, tipoConta: TIPO_CONTA[account.type], agencia: account.branch };
  };
}
