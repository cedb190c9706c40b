import { useId, useState, type FormEvent } from 'react';
import { CallRefused, SignedOut } from '@/lib/api-client';
import { SubmitButton } from '@/components/ui/submit-button';
import { noteOrder, type OrderDetail } from '../api/orders-api';
import { formatMoment } from '@/lib/core-admin';

export interface OrderNotesProps {
  order: OrderDetail;
  onSaved: (order: OrderDetail) => void;
  /** Someone else changed the order meanwhile: the page reads it again (the note typed stays). */
  onStale: () => void;
  onSignedOut: () => void;
}

/**
 * The studio's own notes on an order, oldest first, and a box to add one. Never shown or mailed
 * to the customer. A note says which version of the order it was written against: when someone
 * else changed the order meanwhile it is refused in words, and what was typed stays.
 */
export function OrderNotes({ order, onSaved, onStale, onSignedOut }: OrderNotesProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = await noteOrder(order.id, order.version, text);
      setText('');
      setProblem(null);
      onSaved(saved);
    } catch (cause) {
      if (cause instanceof SignedOut) return onSignedOut();
      setProblem(cause instanceof CallRefused ? cause.message : 'The note could not be saved just now. Please try again.');
      if (cause instanceof CallRefused && cause.changed) onStale();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {order.notes.length > 0 ? (
        <ol className="order-history">
          {order.notes.map((note, at) => (
            <li key={`${note.at}-${at}`}>
              <span className="order-history__note order-notes__text">{note.text}</span>
              <span className="order-history__meta">
                {note.by}, <time dateTime={note.at}>{formatMoment(note.at)}</time>
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="admin-quiet">No notes yet.</p>
      )}
      <form className="order-notes__form" onSubmit={submit} noValidate>
        <label className="field__label" htmlFor={`${id}-note`}>
          Add a note <span className="admin-quiet">(for the studio only)</span>
        </label>
        {problem && (
          <p id={`${id}-problem`} className="field__error" role="alert">
            {problem}
          </p>
        )}
        <textarea
          id={`${id}-note`}
          className="field__input"
          rows={2}
          value={text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="admin-actions">
          <SubmitButton busy={busy} className="button--small">
            Save the note
          </SubmitButton>
        </div>
      </form>
    </>
  );
}
