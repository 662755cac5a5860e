import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/types';
import { checkLedger, type LedgerProgress } from '../../server/services/alerts/ledger-check';
import { openTestDatabase } from '../api/helpers/test-database';

let handle: DatabaseHandle;
let account: string;
beforeAll(async () => {
  handle = await openTestDatabase();
  const { rows } = await handle.executeSql(
    `insert into ledger_accounts (kind, owner_key) values ('gateway_clearing', 'ledger-check') returning id::text as id`,
  );
  account = (rows[0] as { id: string }).id;
}, 60_000);
afterAll(async () => handle.close());

/**
 * A group with entries of `amounts`, written `minutesAgo` ago, around the database's own guard (the deferred
 * trigger that refuses an unbalanced group), as a manual fix or a bad restore would be.
 */
async function group(amounts: number[], minutesAgo = 0): Promise<string> {
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    const at = sql`now() - ${minutesAgo} * interval '1 minute'`;
    const { rows } = (await tx.execute(
      sql`insert into ledger_groups (kind, reference, created_at) values ('donation', ${`ledger-check:${crypto.randomUUID()}`}, ${at}) returning id::text as id`,
    )) as unknown as { rows: Array<{ id: string }> };
    const id = rows[0]!.id;
    for (const amount of amounts) {
      await tx.execute(
        sql`insert into ledger_entries (group_id, account_id, amount_cents, created_at) values (${id}::uuid, ${account}::uuid, ${amount}, ${at})`,
      );
    }
    return id;
  });
}

const fresh = (): LedgerProgress => ({ throughId: 0, totalCents: 0 });

describe('the ledger check, a slice of entries per statement', () => {
  let unbalanced: string;
  const sliced = fresh();

  it('finds the same unbalanced group and total a few entries at a time as in one pass', async () => {
    for (let n = 0; n < 4; n++) await group([700, -700], 60);
    unbalanced = await group([500], 60);
    for (let n = 0; n < 4; n++) await group([300, -100, -200], 60);
    await group([900, -900]); // written now: not settled yet
    const whole = fresh();
    const inOnePass = await checkLedger(handle.db, whole, []);
    const fewAtATime = await checkLedger(handle.db, sliced, [], 3);
    expect(fewAtATime).toEqual(inOnePass);
    expect(fewAtATime).toEqual([{ subject: 'ledger', details: { total_cents: 500, groups: [unbalanced], group_sums_cents: [500] } }]);
    // The settled entries are added for good, up to the newest of them: the next check reads only what came after.
    expect(sliced).toEqual(whole);
    expect(sliced.totalCents).toBe(500);
    const { rows } = await handle.executeSql(
      `select max(id)::int as id from ledger_entries where created_at < now() - interval '10 minutes'`,
    );
    expect(sliced.throughId).toBe((rows[0] as { id: number }).id);
  });

  it('still sees the total, and the group an open alert names, once its entries are behind the progress', async () => {
    expect(await checkLedger(handle.db, sliced, [], 3)).toEqual([
      { subject: 'ledger', details: { total_cents: 500, groups: [], group_sums_cents: [] } },
    ]);
    expect(await checkLedger(handle.db, sliced, [unbalanced], 3)).toEqual([
      { subject: 'ledger', details: { total_cents: 500, groups: [unbalanced], group_sums_cents: [500] } },
    ]);
  });

  it('finds nothing once the group is balanced again', async () => {
    await handle.executeSql(`insert into ledger_entries (group_id, account_id, amount_cents) values ($1::uuid, $2::uuid, -500)`, [
      unbalanced,
      account,
    ]);
    expect(await checkLedger(handle.db, sliced, [unbalanced], 3)).toEqual([]);
    expect(await checkLedger(handle.db, fresh(), [], 3)).toEqual([]);
  });
});
