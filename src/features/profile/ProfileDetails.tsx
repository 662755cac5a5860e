import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { User } from '../../../contracts';
import { formatDate } from '../../app/format';
import { maskCnpj, maskCpf, maskPhone } from '../../app/forms/masks';
import * as s from './profile.css';

function Item({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt className={s.term}>{term}</dt>
      <dd className={s.definition}>{children}</dd>
    </div>
  );
}

/** The registered data, read-only (e-mail and document never change here). */
export function ProfileDetails({ user }: { user: User }) {
  const { t } = useLingui();
  const roleNames: Record<string, string> = { ADMIN: t`Administrador`, DONOR: t`Doador` };
  const roles = user.roles.map((r) => roleNames[r.name] ?? r.name).join(', ');
  const a = user.address;
  const street = [a.street_address, a.house_number, a.complement].filter(Boolean).join(', ');
  const place = [
    a.neighborhood,
    [a.city, a.state].filter(Boolean).join('/'),
    a.zip_code && `CEP ${a.zip_code.replace(/^(\d{5})(\d{3})$/, '$1-$2')}`,
    a.country,
  ]
    .filter(Boolean)
    .join(' · ');
  const none = '—';
  return (
    <dl className={s.details}>
      <Item term={t`Nome`}>{user.name}</Item>
      <Item term={t`E-mail`}>{user.email}</Item>
      {user.person_type === 'COMPANY' ? (
        <Item term={t`CNPJ`}>{user.cnpj ? maskCnpj(user.cnpj) : none}</Item>
      ) : (
        <Item term={t`CPF`}>{user.cpf ? maskCpf(user.cpf) : none}</Item>
      )}
      <Item term={t`Telefone`}>{user.phone ? maskPhone(user.phone) : none}</Item>
      {user.person_type === 'COMPANY' ? null : (
        <Item term={t`Data de nascimento`}>{user.birth_date ? formatDate(user.birth_date) : none}</Item>
      )}
      <Item term={t`Membro desde`}>{formatDate(user.created_at) || none}</Item>
      <Item term={t`Perfil de acesso`}>{roles || none}</Item>
      <Item term={t`Endereço`}>{street || place ? [street, place].filter(Boolean).join(' — ') : none}</Item>
    </dl>
  );
}
