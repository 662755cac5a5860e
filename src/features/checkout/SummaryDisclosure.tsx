import { useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { breakpoints } from '../../ui';
import { formatMoney } from '../../app';
import type { GivingFrequency } from './frequency';
import * as s from './checkout.css';

const sideQuery = breakpoints.desktop;

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const list = window.matchMedia(sideQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/**
 * Is there room for the summary beside the form (desktop)? Without matchMedia (tests, old browsers)
 * the answer is yes: the full summary is the safe default.
 */
export function useSideSummary(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => (typeof window === 'undefined' || !window.matchMedia ? true : window.matchMedia(sideQuery).matches),
    () => true,
  );
}

/**
 * On a phone the summary is one line above the form ("Resumo · R$ 50,00"), so the amount and the
 * first field are on the first screen; the whole summary opens under it.
 */
export function SummaryDisclosure({
  amount,
  frequency = 'once',
  children,
}: {
  amount: number | null;
  frequency?: GivingFrequency;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const value = amount === null ? '—' : formatMoney(amount);
  return (
    <div className={s.disclosure}>
      <button type="button" className={s.disclosureButton} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <span data-testid="summary-line">{frequency === 'monthly' ? t`Resumo · ${value} por mês` : t`Resumo · ${value}`}</span>
        <span aria-hidden="true" className={s.disclosureChevron}>
          {open ? '▴' : '▾'}
        </span>
      </button>
      <div id={panelId} hidden={!open}>
        {open ? children : null}
      </div>
    </div>
  );
}
