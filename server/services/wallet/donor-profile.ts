import { sql } from 'drizzle-orm';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../contracts/constants';
import type { DonationContactRecord } from '../../db/schema';
import type { Executor } from '../../db/types';
import { selectRows } from './raw-rows';

export interface DonorProfile {
  userId: string;
  name: string;
  email: string;
  /** The language the donor last gave in (donation or subscription); pt when unknown. */
  locale: Locale;
  /** The contact an automatic donation carries: the donor's own profile, as a checkout would. */
  contact: DonationContactRecord;
}

interface ProfileRow {
  id: string;
  name: string;
  email: string;
  person_type: 'INDIVIDUAL' | 'COMPANY';
  cpf: string | null;
  cnpj: string | null;
  phone: string;
  locale: string | null;
}

const digits = (text: string | null): string | null => (text === null ? null : text.replace(/\D/g, ''));

/**
 * Who receives the e-mail of an automatic donation and whose contact it carries. Users keep no
 * language of their own, so the latest donation or subscription tells which one they use.
 */
export async function donorProfile(executor: Executor, userId: string): Promise<DonorProfile | null> {
  const [row] = await selectRows<ProfileRow>(
    executor,
    sql`
    select u.id, u.name, u.email, u.person_type, u.cpf, u.cnpj, u.phone,
      (select l.locale from (
        select d.locale, d.created_at from donations d where d.user_id = u.id and d.automatic_source is null
        union all select s.locale, s.created_at from subscriptions s where s.user_id = u.id
      ) l order by l.created_at desc limit 1) as locale
    from users u where u.id = ${userId}`,
  );
  if (!row) return null;
  const isCompany = row.person_type === 'COMPANY';
  const locale = (LOCALES as readonly string[]).includes(row.locale ?? '') ? (row.locale as Locale) : DEFAULT_LOCALE;
  return {
    userId: row.id,
    name: row.name,
    email: row.email,
    locale,
    contact: {
      is_company: isCompany,
      foreigner: false,
      name: row.name,
      corporate_name: isCompany ? row.name : null,
      contact_name: isCompany ? row.name : null,
      email: row.email,
      cpf: isCompany ? null : digits(row.cpf),
      cnpj: isCompany ? row.cnpj : null,
      telephone: digits(row.phone) ?? '',
    },
  };
}
