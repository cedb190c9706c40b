import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { TextField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { useForm } from '@/lib/use-form';
import type { Workshop } from '../api/get-workshops';
import { joinWaitingList, type WaitingListForm as Form } from '../api/waiting-list';
import { bookingLink } from '../lib/booking';
import './booking.css';

/**
 * The waiting list of a full workshop: a name, an e-mail and how many seats. When a seat frees,
 * the first on the list is mailed an offer that holds it for a while.
 */
export function WaitingListForm({ workshop }: { workshop: Workshop }) {
  const { form, errors, setErrors, setField: set, text } = useForm<Form>({ name: '', email: '', seats: 1 });
  const [problem, setProblem] = useState<{ message: string; open: boolean } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const said = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (problem || done) said.current?.focus();
  }, [problem, done]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    const answer = await joinWaitingList(workshop.slug, form);
    setBusy(false);
    if (answer.ok) {
      setDone(answer.message);
      return;
    }
    setErrors(answer.fields);
    // 409: seats came free after all, so the shopper can book instead.
    setProblem({ message: answer.message, open: answer.status === 409 });
  }

  if (done) {
    return (
      <div ref={said} tabIndex={-1} className="booking-done" role="status">
        <p className="booking-done__due">{done}</p>
        <p>
          <Link to="/workshops">See the other workshops</Link>
        </p>
      </div>
    );
  }

  return (
    <form className="booking-form" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset className="booking-form__part">
        <legend className="booking-form__legend">Join the waiting list</legend>
        <p className="booking-form__per">
          We will email you as soon as a seat frees up, and hold it for you for a day. Nothing is paid until you book.
        </p>
        <TextField label="Your name" autoComplete="name" {...text('name')} />
        <TextField label="Email" type="email" autoComplete="email" {...text('email')} />
        <TextField
          label="Seats you would like"
          name="seats"
          type="number"
          inputMode="numeric"
          min={1}
          className="booking-form__seats"
          value={String(form.seats)}
          onValueChange={(value) => set('seats', Number(value))}
          error={errors.seats}
        />
      </fieldset>
      <div ref={said} tabIndex={-1} className="booking-form__problem" role="alert">
        {problem && (
          <div className="notice notice--error">
            <p>{problem.message}</p>
            {problem.open && (
              <p>
                <Link to={bookingLink(workshop)}>Book a place now</Link>
              </p>
            )}
          </div>
        )}
      </div>
      <SubmitButton busy={busy} busyText="Adding you…" className="button--block">
        Join the waiting list
      </SubmitButton>
    </form>
  );
}
