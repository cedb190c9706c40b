import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import './toasts.css';

/**
 * Where toasts appear: top right, 5 s by default (the spec). Loaded after the first paint.
 * The unstyled build with its stylesheet bundled: the default build writes a <style> tag
 * when it mounts, which the shop's Content-Security-Policy (no inline styles) refuses.
 * toasts.css (Posy's colours) comes after its rules and wins.
 */
export default function Toasts() {
  return <ToastContainer position="top-right" autoClose={5000} />;
}
