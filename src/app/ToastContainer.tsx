import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { ToastContainer as Container } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '../../contracts/constants';

// react-toastify names its region in English ('Notifications Alt+T'); screen readers read ours.
const regionLabel = msg`Avisos (Alt+T)`;

/** Loaded with the first toast (see toast.tsx). Auto-close 5 s (SPEC.md §9). */
export default function ToastContainer() {
  const { i18n } = useLingui();
  return (
    <Container
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      newestOnTop
      closeOnClick={false}
      pauseOnFocusLoss
      theme="light"
      aria-label={i18n._(regionLabel)}
    />
  );
}
