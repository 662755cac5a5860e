import { useLingui } from '@lingui/react/macro';
import * as s from './wallet.css';

/** The eye button: hides or shows the balance (its name says what a press will do). */
export function BalanceToggle({ visible, onToggle }: { visible: boolean; onToggle: () => void }) {
  const { t } = useLingui();
  return (
    <button type="button" className={s.eyeButton} aria-label={visible ? t`Ocultar saldo` : t`Mostrar saldo`} onClick={onToggle}>
      <svg
        width="22"
        height="22"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
        <circle cx="12" cy="12" r="3" />
        {visible ? null : <path d="M3 3l18 18" />}
      </svg>
    </button>
  );
}
