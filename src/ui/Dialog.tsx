import { useEffect, useEffectEvent, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useLingui } from '@lingui/react';
import { focusableIn, trapTab } from './focus';
import * as s from './dialog.css';

// src/ui uses no Lingui macro: style files import this folder, and the vanilla-extract compiler
// evaluates them without Babel. The marker lets `lingui extract` still collect the message.
const closeLabel = /*i18n*/ { id: 'ui.dialog.close', message: 'Fechar' };

export interface DialogProps {
  open: boolean;
  /** Called on Escape, the close button and (unless disabled) a click on the backdrop. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  /** Element to focus on open; defaults to the first focusable element after the close button. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  closeOnBackdrop?: boolean;
  /** alertdialog for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
}

/**
 * Modal dialog: role=dialog, aria-modal, labelled by its title and described by its description,
 * Tab trapped inside, Escape closes, and focus goes back to where it was when it closes.
 */
export function Dialog(props: DialogProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return createPortal(<DialogPanel {...props} />, document.body);
}

function DialogPanel({
  onClose,
  title,
  description,
  children,
  footer,
  initialFocusRef,
  closeOnBackdrop = true,
  role = 'dialog',
}: DialogProps) {
  const { i18n } = useLingui();
  const panelRef = useRef<HTMLDivElement>(null);
  const close = useEffectEvent(() => onClose());
  const focusTarget = useEffectEvent(
    (items: HTMLElement[], panel: HTMLElement) => initialFocusRef?.current ?? items[1] ?? items[0] ?? panel,
  );
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    if (panel) {
      const items = focusableIn(panel);
      const target = focusTarget(items, panel);
      target.focus();
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close();
        return;
      }
      if (panelRef.current) trapTab(event, panelRef.current);
    };
    document.addEventListener('keydown', onKeyDown, true);
    // A click into a frame of this site (a preview) takes the keys there: Escape still closes.
    const frames = panel ? Array.from(panel.querySelectorAll('iframe')) : [];
    const onFrameKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const keysOf = (frame: HTMLIFrameElement, listening: boolean) => {
      try {
        if (listening) frame.contentWindow?.addEventListener('keydown', onFrameKey, true);
        else frame.contentWindow?.removeEventListener('keydown', onFrameKey, true);
      } catch {
        // Another site's frame: its keys are its own.
      }
    };
    // Each page the frame loads is a new window to listen to.
    const unlisten = frames.map((frame) => {
      const onLoad = () => keysOf(frame, true);
      keysOf(frame, true);
      frame.addEventListener('load', onLoad);
      return () => {
        frame.removeEventListener('load', onLoad);
        keysOf(frame, false);
      };
    });
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      for (const stop of unlisten) stop();
      if (previous && previous.isConnected) previous.focus();
    };
    // Runs once per opening (the panel mounts on open): focus moves in, and back out on close.
  }, []);

  return (
    <div
      className={s.overlay}
      onMouseDown={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={s.panel}
      >
        <button type="button" className={s.close} onClick={() => onClose()} aria-label={i18n._(closeLabel)}>
          <span aria-hidden="true">×</span>
        </button>
        <h2 id={titleId} className={s.title}>
          {title}
        </h2>
        {description ? (
          <div id={descriptionId} className={s.description}>
            {description}
          </div>
        ) : null}
        {children}
        {footer ? <div className={s.footer}>{footer}</div> : null}
      </div>
    </div>
  );
}
