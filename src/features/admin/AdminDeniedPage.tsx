import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { ADMIN_ROUTE_PERMISSIONS, type AdminPath } from '../../../contracts';
import { adminPathsFor, useAuth, usePageTitle } from '../../app';
import { Card, Notice, PageHeader, Stack } from '../../ui';
import { ADMIN_PAGES } from './admin-pages';
import { PERMISSION_NAMES } from './team/permission-names';
import * as s from './admin.css';

/**
 * /admin/sem-permissao: where a signed-in person lands from an admin page they may not open — what
 * that page needs, and the admin pages they may open instead (none: how to join the team).
 */
export function AdminDeniedPage({ refused }: { refused?: AdminPath }) {
  const { t, i18n } = useLingui();
  const { user } = useAuth();
  const title = t`Sem permissão`;
  usePageTitle(title);
  const open = adminPathsFor(user).filter((p) => ADMIN_PAGES[p].inMenu);
  const refusedTitle = refused ? i18n._(ADMIN_PAGES[refused].title) : null;
  return (
    <Stack gap="6">
      <PageHeader eyebrow={t`Admin`} title={title} />
      <Notice tone="warning">
        <Stack gap="2">
          <strong>
            <Trans>Você não tem permissão para abrir esta página.</Trans>
          </strong>
          {refused && refusedTitle ? (
            <>
              <span>
                <Trans>Para abrir {refusedTitle} é preciso:</Trans>
              </span>
              <ul className={s.needed}>
                {ADMIN_ROUTE_PERMISSIONS[refused].map((permission) => (
                  <li key={permission}>{i18n._(PERMISSION_NAMES[permission])}</li>
                ))}
              </ul>
              <span>
                <Trans>Quem gerencia a equipe pode mudar as suas permissões.</Trans>
              </span>
            </>
          ) : null}
        </Stack>
      </Notice>
      {open.length > 0 ? (
        <Card>
          <h2>
            <Trans>Páginas que você pode abrir</Trans>
          </h2>
          <ul className={s.openList}>
            {open.map((path) => (
              <li key={path}>
                <Link to={path}>{i18n._(ADMIN_PAGES[path].title)}</Link>
                <span className={s.openLead}>{i18n._(ADMIN_PAGES[path].lead)}</span>
              </li>
            ))}
          </ul>
        </Card>
      ) : (
        <Card>
          <p>
            <Trans>Sua conta não faz parte da equipe da Semear. Se deveria, peça um convite a quem gerencia a equipe.</Trans>
          </p>
          <Link to="/">
            <Trans>Voltar para o início</Trans>
          </Link>
        </Card>
      )}
    </Stack>
  );
}
