import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { ToastOptions } from 'react-toastify';

/**
 * Toast messages. react-toastify (11, which injects its own CSS: never import it) loads on the
 * first toast, keeping it off the home page's critical path; toasts sent before its container
 * mounts are queued by the library and shown when it does. Messages are translated text or elements.
 */

export type ToastContent = ReactNode;

export interface Toaster {
  success: (content: ToastContent, options?: ToastOptions) => void;
  error: (content: ToastContent, options?: ToastOptions) => void;
  info: (content: ToastContent, options?: ToastOptions) => void;
  warning: (content: ToastContent, options?: ToastOptions) => void;
  dismiss: () => void;
}

type Library = typeof import('react-toastify');
let library: Promise<Library> | null = null;
const load = (): Promise<Library> => (library ??= import('react-toastify'));

let containerWanted = false;
const wantListeners = new Set<() => void>();
function wantContainer(): void {
  if (containerWanted) return;
  containerWanted = true;
  wantListeners.forEach((listener) => listener());
}

const show = (kind: 'success' | 'error' | 'info' | 'warning', content: ToastContent, options?: ToastOptions) => {
  wantContainer();
  void load().then(({ toast }) => toast[kind](content, kind === 'error' ? { role: 'alert', ...options } : options));
};

/** Usable outside React (actors, error handlers). */
export const toast: Toaster = {
  success: (content, options) => show('success', content, options),
  error: (content, options) => show('error', content, options),
  info: (content, options) => show('info', content, options),
  warning: (content, options) => show('warning', content, options),
  dismiss: () => void library?.then(({ toast: t }) => t.dismiss()),
};

/** The same toaster as a hook, for views. */
export const useToast = (): Toaster => toast;

const ToastContainer = lazy(() => import('./ToastContainer'));

/** Mounted once by the shell; renders the container (5 s auto-close) once a toast is wanted. */
export function Toasts() {
  const [wanted, setWanted] = useState(containerWanted);
  useEffect(() => {
    const listener = () => setWanted(true);
    wantListeners.add(listener);
    if (containerWanted) setWanted(true);
    return () => {
      wantListeners.delete(listener);
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
