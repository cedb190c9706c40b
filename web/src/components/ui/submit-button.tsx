import type { ReactNode } from 'react';

export interface SubmitButtonProps {
  /** The form's call is out: the button says `busyText` and cannot be pressed again. */
  busy: boolean;
  busyText?: string;
  /** Classes besides `button` (a size, a width). */
  className?: string;
  children: ReactNode;
}

/** A form's submit button, which says what is happening while the form's call is out. */
export function SubmitButton({ busy, busyText = 'Saving…', className, children }: SubmitButtonProps) {
  return (
    <button type="submit" className={className ? `button ${className}` : 'button'} disabled={busy}>
      {busy ? busyText : children}
    </button>
  );
}
