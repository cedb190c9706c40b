import { toast } from 'react-toastify/unstyled';

// Toasts appear top right and last 5 s unless told otherwise (the spec); the container is
// mounted by the app (toasts.tsx). A toast raised before it arrives waits for it.

/** Good news, e.g. 'Added to cart!'. */
export function notifySuccess(message: string, autoClose?: number) {
  toast.success(message, autoClose === undefined ? undefined : { autoClose });
}

/** Something did not happen: what, and on a second line why (the server's sentence) when known. */
export function notifyError(message: string, reason?: string | null) {
  toast.error(
    reason ? (
      <span className="toast-text">
        <span className="toast-text__title">{message}</span>
        <span className="toast-text__reason">{reason}</span>
      </span>
    ) : (
      message
    ),
  );
}
