import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface ThreeDSecureDialogProps {
  /** The shopper's answer: true to complete authentication, false to fail it. */
  onAnswer: (succeed: boolean) => void;
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The simulated bank's 3-D Secure check: a modal dialog (the rest of the page inert, focus kept
 * inside, Escape fails it, as closing a bank's window would), shown only in test mode.
 */
export function ThreeDSecureDialog({ onAnswer }: ThreeDSecureDialogProps) {
  const titleId = useId();
  const textId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLButtonElement>(null);
  const [answered, setAnswered] = useState(false);

  // Everything else on the page is out of reach while the dialog is open (each ancestor's other
  // children made inert, as a modal does); focus comes back where it was after.
  useEffect(() => {
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const others: HTMLElement[] = [];
    for (let node = dialog.current?.parentElement; node && node !== document.body; node = node.parentElement) {
      for (const sibling of node.parentElement?.children ?? []) {
        if (sibling !== node && sibling instanceof HTMLElement && !sibling.inert) others.push(sibling);
      }
    }
    for (const element of others) element.inert = true;
    first.current?.focus();
    return () => {
      for (const element of others) element.inert = false;
      returnTo?.focus();
    };
  }, []);

  const answer = (succeed: boolean) => {
    if (answered) return;
    setAnswered(true);
    onAnswer(succeed);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
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
    <div className="three-ds">
      <div className="three-ds__backdrop" aria-hidden="true" />
      <div
        ref={dialog}
        className="three-ds__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onKeyDown={onKeyDown}
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
      </div>
    </div>
  );
}
