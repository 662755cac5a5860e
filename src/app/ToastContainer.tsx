import { ToastContainer as Container } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '../../contracts/constants';

/** Loaded with the first toast (see toast.tsx). Auto-close 5 s (SPEC.md §9). */
export default function ToastContainer() {
  return <Container position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop closeOnClick={false} pauseOnFocusLoss theme="light" />;
}
