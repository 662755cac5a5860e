// A dialog's own controls. Frames are left out: once focus is inside a frame, the keys go to the
// framed page, so Tab would wander its links and Escape would never reach the dialog.
const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

/** A radio group is one Tab stop, as the browser makes it: its checked radio, or its first. */
function radioStop(radio: HTMLInputElement, all: HTMLElement[]): boolean {
  if (!radio.name) return true;
  const group = all.filter((el): el is HTMLInputElement => el instanceof HTMLInputElement && el.type === 'radio' && el.name === radio.name);
  return radio === (group.find((r) => r.checked) ?? group[0]);
}

/** Elements inside `root` that Tab can reach, in document order. */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  const all = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('disabled') && el.getAttribute('aria-hidden') !== 'true' && el.closest('[hidden], [inert]') === null,
  );
  return all.filter((el) => !(el instanceof HTMLInputElement && el.type === 'radio') || radioStop(el, all));
}

/**
 * Keeps Tab and Shift+Tab inside `root`, moving the focus itself from one of its controls to the next
 * (so it never falls into a frame or out of the dialog). Returns true when it handled the key.
 */
export function trapTab(event: KeyboardEvent, root: HTMLElement): boolean {
  if (event.key !== 'Tab') return false;
  event.preventDefault();
  const items = focusableIn(root);
  const active = document.activeElement;
  // From any radio of a group, count from the group's stop; from inside a control, from that control.
  const current =
    active instanceof HTMLInputElement && active.type === 'radio' && active.name
      ? (items.find((el) => el instanceof HTMLInputElement && el.type === 'radio' && el.name === active.name) ?? active)
      : active;
  const index = items.findIndex((el) => el === current || (current instanceof Node && el.contains(current)));
  const step = event.shiftKey ? -1 : 1;
  const start = index === -1 ? (event.shiftKey ? items.length : -1) : index;
  for (let offset = 1; offset <= items.length; offset++) {
    const candidate = items[(((start + step * offset) % items.length) + items.length) % items.length]!;
    candidate.focus();
    // An element the browser cannot focus (hidden by a style) is passed over.
    if (document.activeElement === candidate) return true;
  }
  root.focus();
  return true;
}
