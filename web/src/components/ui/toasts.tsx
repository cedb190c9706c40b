import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/** Where toasts appear: top right, 5 s by default (spec §9). Loaded after the first paint. */
export default function Toasts() {
  return <ToastContainer position="top-right" autoClose={5000} />;
}
