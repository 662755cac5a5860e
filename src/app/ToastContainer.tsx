import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { ToastContainer as Container, type CloseButtonProps } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '../../contracts/constants';

// react-toastify names its region ('Notifications Alt+T') and its close buttons ('close') in English;
// screen readers read ours, in the page's language.
const regionLabel = msg`Avisos (Alt+T)`;
const closeLabel = msg`Fechar aviso`;

/** react-toastify's own close button (same classes and icon), named in the page's language. */
function CloseButton({ closeToast, theme, label }: CloseButtonProps & { label: string }) {
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label={label}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

/** Loaded with the first toast (see toast.tsx). Auto-close 5 s (docs/spec.md §9). */
export default function ToastContainer() {
  const { i18n } = useLingui();
  const close = i18n._(closeLabel);
  return (
    <Container
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      newestOnTop
      closeOnClick={false}
      pauseOnFocusLoss
      theme="light"
      aria-label={i18n._(regionLabel)}
      closeButton={(props) => <CloseButton {...props} label={close} />}
    />
  );
}
