import { sql, type SQL } from 'drizzle-orm';
import type { PaymentMethod } from '../../../contracts/donations';
import { saoPauloDateOf, startOfSaoPauloDay } from '../../../contracts/sao-paulo-time';
import type { Statement, StatementDonation, StatementYears } from '../../../contracts/statements';
import type { Executor } from '../../db/types';
import { selectRows } from '../wallet/raw-rows';

/**
 * Whose gifts a statement lists: an account's (every donation it made signed in), or a guest's — the donations
 * given without an account under one e-mail, which a receipt link vouches for (docs/privacy.md).
 */
export type StatementSubject = { userId: string } | { guestEmail: string };

/** A donation of a statement, with what a declaration needs beyond the contract's fields. */
export interface StatementRow extends StatementDonation {
  /** The company it was given as: the contact's CNPJ, else the account's when the account is a company's. */
  company: { cnpj: string; name: string } | null;
}

/** A statement as read: the contract's, each gift with the company it was given as. */
export interface ReadStatement extends Omit<Statement, 'donations'> {
  donations: StatementRow[];
}

const whose = (subject: StatementSubject): SQL =>
  'userId' in subject
    ? sql`d.user_id = ${subject.userId}::uuid`
    : sql`d.user_id is null and lower(d.contact ->> 'email') = ${subject.guestEmail.trim().toLowerCase()}`;

/** The instant a gift counts from: its confirmation (automatic donations are confirmed as they are made). */
const AT = sql.raw(`coalesce(d.confirmed_at, d.created_at)`);

/**
 * Each gift of the subject in [from, to), with what went back of it: every refund or chargeback group that
 * took money from the cause's account for it, whenever it happened — the same ledger lines the admin's
 * finances count (finances.ts), so the statement's net is the finances' gross minus refunds for this donor.
 * The providers' fees are not the donor's: they are the NGO's cost and do not lower what the donor gave.
 */
function giftsQuery(subject: StatementSubject, period?: { from: Date; to: Date }): SQL {
  return sql`
    select d.id, d.amount_cents as amount, d.payment_method as method, ${AT} as given_at,
      to_char(${AT} at time zone 'America/Sao_Paulo', 'YYYY-MM-DD"T"HH24:MI:SS') as local_at,
      c.title as campaign,
      coalesce(nullif(d.contact ->> 'cnpj', ''), case when u.person_type = 'COMPANY' then nullif(u.cnpj, '') end) as company_cnpj,
      coalesce(nullif(d.contact ->> 'corporate_name', ''), case when u.person_type = 'COMPANY' then u.name end) as company_name,
      coalesce((
        select -sum(e.amount_cents) from ledger_groups g
        join ledger_entries e on e.group_id = g.id
        join ledger_accounts a on a.id = e.account_id
        where a.kind in ('campaign', 'general_fund') and g.kind in ('refund', 'chargeback')
          and (g.reference in ('refund:' || d.id::text, 'chargeback:' || d.id::text)
            or g.reference in (select 'refund:' || r.id::text from refunds r where r.donation_id = d.id))
      ), 0) as refunded
    from donations d
    left join campaigns c on c.id = d.campaign_id
    left join users u on u.id = d.user_id
    where ${whose(subject)} and d.status in ('confirmed', 'refunded')
      ${period ? sql`and ${AT} >= ${period.from} and ${AT} < ${period.to}` : sql``}`;
}

type GiftRow = {
  id: string;
  amount: string | number;
  method: PaymentMethod;
  local_at: string;
  campaign: string | null;
  company_cnpj: string | null;
  company_name: string | null;
  refunded: string | number;
};

/** 1 January 00:00 of `year` in São Paulo: a gift at 23:30 of 31 December there is that year's, whatever UTC says. */
export const startOfSaoPauloYear = (year: number): Date => startOfSaoPauloDay({ year, month: 1, day: 1 });

/** The current year in São Paulo. */
export const saoPauloYearOf = (now: Date): number => saoPauloDateOf(now).year;

/**
 * The subject's statement of `year` (São Paulo time), oldest first. `mayDeclare`: whether the NGO may issue
 * company declarations, which marks the company's gifts as declarable.
 */
export async function readStatement(db: Executor, subject: StatementSubject, year: number, mayDeclare = false): Promise<ReadStatement> {
  const rows = await selectRows<GiftRow>(
    db,
    sql`select * from (${giftsQuery(subject, { from: startOfSaoPauloYear(year), to: startOfSaoPauloYear(year + 1) })}) gifts order by given_at, id`,
  );
  const donations = rows.map((row): StatementRow => {
    const amount = Number(row.amount);
    const refunded = Number(row.refunded);
    const company = row.company_cnpj ? { cnpj: row.company_cnpj, name: row.company_name ?? '' } : null;
    return {
      id: row.id,
      // São Paulo has kept −03:00 all year since 2019.
      date: `${row.local_at}-03:00`,
      campaign: row.campaign,
      method: row.method,
      amount,
      refunded,
      net: amount - refunded,
      company_declaration: mayDeclare && company !== null && amount - refunded > 0,
      company,
    };
  });
  return { year, total: donations.reduce((sum, d) => sum + d.net, 0), donations };
}

/** The years the subject gave in (São Paulo time), newest first, each with its net total. */
export async function readStatementYears(db: Executor, subject: StatementSubject, mayDeclare = false): Promise<StatementYears> {
  const rows = await selectRows<{ year: number | string; total: string | number; company: boolean }>(
    db,
    sql`select extract(year from (given_at at time zone 'America/Sao_Paulo'))::int as year, sum(amount - refunded) as total,
        bool_or(company_cnpj is not null and amount > refunded) as company
      from (${giftsQuery(subject)}) gifts
      group by 1 order by 1 desc`,
  );
  return rows.map((row) => ({ year: Number(row.year), total: Number(row.total), company_declaration: mayDeclare && row.company }));
}

/** Without the declaration's company: the contract's shape, as the JSON answers it. */
export const publicStatement = (statement: ReadStatement): Statement => ({
  ...statement,
  donations: statement.donations.map(({ company: _company, ...donation }) => donation),
});
