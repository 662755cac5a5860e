import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/types';

/**
 * LINES confirmed donations spread over the last DAYS days, straight in SQL as the ledger holds them —
 * the donation, its group and its two balanced entries (the campaign's is the finance line; the gateway
 * clearing's is not) — and ADMINS finance admins, copies of the demo admin (its password, roles and
 * permissions) as bench-admin-<n>@semear.dev. Bulk inserts from generate_series: seconds, not the
 * minutes 100,000 donations through the API would take.
 */
export async function seedFinanceLines(db: Database, lines: number, days: number, admins: number): Promise<void> {
  await db.execute(sql`insert into ledger_accounts (kind, owner_key) select 'campaign', id::text from campaigns on conflict do nothing`);
  await db.execute(sql`insert into ledger_accounts (kind, owner_key) values ('gateway_clearing', 'sandbox') on conflict do nothing`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      create temporary table bench_gifts on commit drop as
      select gen_random_uuid() as id, c.id as campaign_id, (500 + (i * 7919) % 50000)::bigint as amount,
        (array['card','pix','paypal','wallet','gift_card'])[1 + i % 5] as method,
        now() - (i::double precision / ${lines}) * ${days} * interval '1 day' as at
      from generate_series(1, ${lines}) i
      join lateral (select id from campaigns order by created_at, id offset (i % (select count(*) from campaigns)) limit 1) c on true`);
    await tx.execute(sql`
      insert into donations (id, campaign_id, amount_cents, status, payment_method, contact, receipt_token_hash, created_at, confirmed_at)
      select id, campaign_id, amount, 'confirmed', method,
        jsonb_build_object('name', 'Doador', 'email', 'd@bench.dev', 'cpf', '52998224725'), 'bench', at, at
      from bench_gifts`);
    await tx.execute(
      sql`insert into ledger_groups (id, kind, reference, created_at) select id, 'donation', 'donation:' || id, at from bench_gifts`,
    );
    await tx.execute(sql`
      insert into ledger_entries (group_id, account_id, amount_cents, created_at)
      select g.id, a.id, g.amount, g.at from bench_gifts g join ledger_accounts a on a.kind = 'campaign' and a.owner_key = g.campaign_id::text
      union all
      select g.id, (select id from ledger_accounts where kind = 'gateway_clearing' and owner_key = 'sandbox'), -g.amount, g.at from bench_gifts g`);
  });
  await db.execute(sql`
    insert into users (name, email, password_hash, person_type, phone)
    select 'Admin ' || i, 'bench-admin-' || i || '@semear.dev', u.password_hash, u.person_type, u.phone
    from users u, generate_series(1, ${admins}) i where u.email = 'admin@semear.dev'`);
  for (const [table, column] of [
    ['user_roles', 'role_id'],
    ['user_permissions', 'permission_id'],
  ].map((names) => names.map((name) => sql.raw(name)))) {
    await db.execute(sql`
      insert into ${table} (user_id, ${column})
      select b.id, g.${column} from users b, ${table} g
      where b.email like 'bench-admin-%' and g.user_id = (select id from users where email = 'admin@semear.dev')`);
  }
}

export const benchAdmin = (n: number) => ({ email: `bench-admin-${n}@semear.dev`, password: 'semear-admin-123' });
