import { ToastContainer } from 'react-toastify';
import { ToastStyle } from './toast-style';

/** The spec's toast defaults: top-right, closes after 5 s. */
export default function Toasts() {
  return (
    <>
      <ToastStyle />
      <ToastContainer position="top-right" autoClose={5000} />
    </>
  );
}
