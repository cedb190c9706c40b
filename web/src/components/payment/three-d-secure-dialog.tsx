import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import './payment.css';

export interface ThreeDSecureDialogProps {
  /** The shopper's answer: true to complete authentication, false to fail it. */
  onAnswer: (succeed: boolean) => void;
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Where there is no modal <dialog> (jsdom), makes every other part of the page inert by hand. */
function inertAround(element: HTMLElement): () => void {
  const others: HTMLElement[] = [];
  for (let node: HTMLElement | null = element; node && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement?.children ?? []) {
      if (sibling !== node && sibling instanceof HTMLElement && !sibling.inert) others.push(sibling);
    }
  }
  for (const other of others) other.inert = true;
  return () => {
    for (const other of others) other.inert = false;
  };
}

/**
 * The simulated bank's 3-D Secure check, shown only in test mode: a modal dialog (the browser's
 * own, above everything, the rest of the page inert), focus kept inside, and Escape fails it, as
 * closing a bank's window would.
 */
export function ThreeDSecureDialog({ onAnswer }: ThreeDSecureDialogProps) {
  const titleId = useId();
  const textId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const first = useRef<HTMLButtonElement>(null);
  const [answered, setAnswered] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    let restore = () => {};
    if (typeof element.showModal === 'function') element.showModal();
    else {
      element.setAttribute('open', '');
      restore = inertAround(element);
    }
    first.current?.focus();
    return () => {
      if (typeof element.close === 'function' && element.open) element.close();
      restore();
      returnTo?.focus();
    };
  }, []);

  const answer = (succeed: boolean) => {
    if (answered) return;
    setAnswered(true);
    onAnswer(succeed);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      answer(false);
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const [head, tail] = [focusable[0], focusable[focusable.length - 1]];
    if (!head || !tail) return;
    if (event.shiftKey && document.activeElement === head) {
      event.preventDefault();
      tail.focus();
    } else if (!event.shiftKey && document.activeElement === tail) {
      event.preventDefault();
      head.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      className="three-ds"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // The browser's own Escape: the same as failing, and the dialog stays until answered.
        event.preventDefault();
        answer(false);
      }}
    >
      <p className="eyebrow">Your bank</p>
      <h2 id={titleId} className="three-ds__title">
        3-D Secure (test mode)
      </h2>
      <p id={textId}>
        Your bank wants to check that this payment is really yours. This is a test: choose what the bank should answer.
      </p>
      <div className="three-ds__actions">
        <button ref={first} type="button" className="button" disabled={answered} onClick={() => answer(true)}>
          Complete authentication
        </button>
        <button type="button" className="button button--quiet" disabled={answered} onClick={() => answer(false)}>
          Fail authentication
        </button>
      </div>
      <p className="three-ds__note">Pressing Escape fails it, as closing your bank’s window would.</p>
    </dialog>
  );
}
