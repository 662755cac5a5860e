import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import type { User } from '../../../contracts';
import { adminPathsFor, useAuth } from '../../app';
import * as s from './user-menu.css';

// Its own chunk: the count needs the API client, which must not ride with the menu's first paint.
const UnreadBadge = lazy(() => import('./UnreadBadge').then((m) => ({ default: m.UnreadBadge })));

const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');

/** The signed-in user's disclosure menu: Perfil, Admin (admins), Sair. */
export function UserMenu({ user }: { user: User }) {
  const { t } = useLingui();
  const { send } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const adminHome = adminPathsFor(user)[0];
  const firstName = user.name.split(/\s+/)[0] ?? user.name;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        triggerRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div className={s.wrapper} ref={wrapperRef}>
      <Suspense fallback={null}>
        <UnreadBadge />
      </Suspense>
      <button
        ref={triggerRef}
        type="button"
        className={s.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t`Menu da conta de ${firstName}`}
        onClick={() => setOpen((v) => !v)}
      >
        <span className={s.avatar} aria-hidden="true">
          {initials(user.name)}
        </span>
        <span className={s.triggerName} aria-hidden="true">
          {firstName}
        </span>
      </button>
      {open ? (
        <ul id={panelId} className={s.panel}>
          <li>
            <Link to="/profile" className={s.item} onClick={close}>
              <Trans>Perfil</Trans>
            </Link>
          </li>
          {adminHome ? (
            <li>
              <Link to={adminHome} className={s.item} onClick={close}>
                <Trans>Admin</Trans>
              </Link>
            </li>
          ) : null}
          <li>
            <button
              type="button"
              className={s.item}
              onClick={() => {
                close();
                send({ type: 'auth.signOutRequested' });
                void navigate({ to: '/' });
              }}
            >
              <Trans>Sair</Trans>
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
