import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../server/db/schema';
import { PERSONAL_COLUMN_NAME, PERSONAL_COLUMNS } from '../../server/services/account-deletion/personal-columns';

/** Every column of the drizzle schema (server/db/schema), as `table.column`. */
const allColumns = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => value instanceof PgTable)
  .flatMap((table) => {
    const { name, columns } = getTableConfig(table);
    return columns.map((column) => `${name}.${column.name}`);
  });

describe('personal columns and the account deletion (docs/privacy.md)', () => {
  it('knows what a deletion does with every column that may hold personal data', () => {
    const personal = allColumns.filter((column) => PERSONAL_COLUMN_NAME.test(column.split('.')[1] as string));
    const forgotten = personal.filter((column) => PERSONAL_COLUMNS[column] === undefined);
    // A new column here: erase it in server/services/account-deletion/anonymise-account.ts, or list it as kept with its reason.
    expect(forgotten).toEqual([]);
    expect(personal.length).toBeGreaterThan(50);
  });

  it('lists only columns that exist, each kept one with a reason', () => {
    expect(Object.keys(PERSONAL_COLUMNS).filter((column) => !allColumns.includes(column))).toEqual([]);
    for (const [column, fate] of Object.entries(PERSONAL_COLUMNS))
      if (fate.fate === 'kept') expect(fate.reason.length, column).toBeGreaterThan(5);
  });

  it('sees a new column that would hold personal data', () => {
    expect(PERSONAL_COLUMN_NAME.test('payer_email')).toBe(true);
    expect(PERSONAL_COLUMN_NAME.test('shipping_address')).toBe(true);
    expect(PERSONAL_COLUMN_NAME.test('amount_cents')).toBe(false);
  });
});
