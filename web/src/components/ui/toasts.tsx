import { ToastContainer } from 'react-toastify';
import './toasts.css';

/**
 * Where toasts appear: top right, 5 s by default (the spec). Loaded after the first paint.
 * react-toastify 11 puts its own styles at the top of <head> when this mounts, so
 * toasts.css (Posy's colours) comes after them and wins without a second copy of them.
 */
export default function Toasts() {
  return <ToastContainer position="top-right" autoClose={5000} />;
}
