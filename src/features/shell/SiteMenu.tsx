import { useEffect, useId, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useRouterState } from '@tanstack/react-router';
import * as s from './shell.css';

export type SiteMenu = ReturnType<typeof useSiteMenu>;

/**
 * The phone header's disclosure for the main links and the language: opening it moves focus to its
 * first link; Escape closes it and gives focus back to the button; a tap or focus elsewhere, or a
 * new page, closes it. From tablet widths the panel is laid out inline and the button is hidden.
 */
export function useSiteMenu() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    // Its first link (not the Dialog's focus helpers: they would be one more chunk on every first page).
    panel.querySelector<HTMLElement>('a[href]')?.focus();
    const outside = (target: EventTarget | null) =>
      !(target instanceof Node && (panel.contains(target) || buttonRef.current?.contains(target)));
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (outside(event.target)) setOpen(false);
    };
    const onFocus = (event: FocusEvent) => {
      if (outside(event.target)) setOpen(false);
    };
    // A link to the page already shown changes no path: it still closes the menu.
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest('a')) setOpen(false);
    };
    panel.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onFocus);
      panel.removeEventListener('click', onClick);
    };
  }, [open]);

  return { open, toggle: () => setOpen((v) => !v), panelId, panelRef, buttonRef };
}

/** The phone header's "Menu" button (hidden from tablet widths, where the links are in view). */
export function SiteMenuButton({ menu }: { menu: SiteMenu }) {
  const { t } = useLingui();
  return (
    <button
      ref={menu.buttonRef}
      type="button"
      className={s.menuButton}
      aria-expanded={menu.open}
      aria-controls={menu.panelId}
      aria-label={t`Menu`}
      onClick={menu.toggle}
    >
      <svg
        aria-hidden="true"
        width="22"
        height="22"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        {menu.open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
      </svg>
    </button>
  );
}
