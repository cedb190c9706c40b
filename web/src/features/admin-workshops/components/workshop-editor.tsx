import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AdminLoading, AdminRetry } from '@/components/admin/admin-page';
import { Field, TextAreaField, TextField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { CallRefused, refusedChange } from '@/lib/api-client';
import { useForm } from '@/lib/use-form';
import { useQuery } from '@/lib/use-query';
import { useSignedOut } from '@/lib/use-signed-out';
import {
  createWorkshop,
  listWorkshops,
  saveWorkshop,
  type AdminWorkshop,
  type WorkshopForm,
} from '../api/workshops-api';
import './workshops-admin.css';

/** A new workshop's form: the studio is the place unless the server is told otherwise. */
const EMPTY: WorkshopForm = {
  title: '',
  description: '',
  what_to_bring: '',
  date: '',
  start_time: '10:00',
  end_time: '13:00',
  place: '',
  seats: 10,
  price: '',
  deposit: '',
  balance_due: '',
  cancellation: 'default',
  asks_phone: true,
  asks_note: true,
  hidden: false,
  version: null,
};

function formOf(workshop: AdminWorkshop): WorkshopForm {
  const form = { ...EMPTY };
  for (const key of Object.keys(EMPTY) as (keyof WorkshopForm)[]) {
    if (key in workshop) (form as Record<string, unknown>)[key] = workshop[key as keyof AdminWorkshop];
  }
  return form;
}

/** /admin/workshops/new and /admin/workshops/<id>: the workshop's form, the saved one loaded first. */
export function WorkshopEditor({ id, onSignedOut }: { id: number | null; onSignedOut: () => void }) {
  const { onError } = useSignedOut(onSignedOut);
  const query = useQuery(id === null ? null : 'admin-workshops', listWorkshops, { onError });
  if (id === null) return <EditorForm workshop={null} onSignedOut={onSignedOut} />;
  if (query.status === 'loading') return <AdminLoading>Fetching the workshop…</AdminLoading>;
  if (query.status === 'error') {
    return <AdminRetry onRetry={query.retry}>{query.error instanceof CallRefused ? query.error.message : 'We couldn’t load the workshop.'}</AdminRetry>;
  }
  const workshop = query.data.find((one) => one.id === id);
  if (!workshop) return <p className="admin-quiet">There is no such workshop. <Link to="/admin/workshops">All workshops</Link></p>;
  return <EditorForm key={workshop.version} workshop={workshop} onSignedOut={onSignedOut} />;
}

function EditorForm({ workshop, onSignedOut }: { workshop: AdminWorkshop | null; onSignedOut: () => void }) {
  const navigate = useNavigate();
  const { form, errors, setErrors, setField: set } = useForm<WorkshopForm>(() => (workshop ? formOf(workshop) : EMPTY));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const saved = workshop ? await saveWorkshop(workshop.id, form, workshop.version) : await createWorkshop(form);
      navigate('/admin/workshops', { state: { saved: saved.title } });
    } catch (cause) {
      const refused = refusedChange(cause, onSignedOut, 'The workshop could not be saved just now. Please try again.');
      if (refused?.fields) setErrors(refused.fields);
      if (refused) setProblem(refused.message);
    } finally {
      setBusy(false);
    }
  }

  const text = (key: keyof WorkshopForm, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      name={key}
      value={String(form[key] ?? '')}
      onValueChange={(value) => set(key, value as never)}
      error={errors[key]}
      {...extra}
    />
  );

  return (
    <form className="workshop-editor" noValidate onSubmit={(event) => void submit(event)}>
      {text('title', 'Title')}
      <TextAreaField label="Description" name="description" rows={4} value={form.description} onValueChange={(value) => set('description', value)} error={errors.description} />
      <TextAreaField
        label="What to bring"
        name="what_to_bring"
        rows={2}
        value={form.what_to_bring ?? ''}
        onValueChange={(value) => set('what_to_bring', value)}
        error={errors.what_to_bring}
        hint="Shown on the workshop’s page. Leave empty when they need bring nothing."
      />
      <div className="workshop-editor__grid">
        {text('date', 'Date', { type: 'date' })}
        {text('start_time', 'Starts', { type: 'time' })}
        {text('end_time', 'Ends', { type: 'time' })}
      </div>
      {text('place', 'Place', { hint: 'Leave empty for the studio’s address.' })}
      <div className="workshop-editor__grid">
        <TextField
          label="Seats"
          name="seats"
          type="number"
          inputMode="numeric"
          min={1}
          value={String(form.seats)}
          onValueChange={(value) => set('seats', Number(value))}
          error={errors.seats}
        />
        {text('price', 'Price (£)', { inputMode: 'decimal', placeholder: '45.00' })}
        {text('deposit', 'Deposit (£)', { inputMode: 'decimal', placeholder: '20.00', hint: 'Empty or 0: paid in full when booked.' })}
      </div>
      {text('balance_due', 'Balance due by', { type: 'date', hint: 'After this day a booking pays the whole price.' })}
      <Field label="If a booker cannot come" error={errors.cancellation}>
        {(control) => (
          <select {...control} name="cancellation" className="field__input" value={form.cancellation ?? 'default'} onChange={(e) => set('cancellation', e.target.value)}>
            <option value="default">Until the balance is due: deposit moved or refunded. After: the seat can be passed to a friend.</option>
          </select>
        )}
      </Field>
      <fieldset className="workshop-editor__checks">
        <legend>The booking form asks</legend>
        <label>
          <input type="checkbox" checked={form.asks_phone ?? true} onChange={(e) => set('asks_phone', e.target.checked)} /> A phone number
        </label>
        <label>
          <input type="checkbox" checked={form.asks_note ?? true} onChange={(e) => set('asks_note', e.target.checked)} /> An optional note (allergies,
          access)
        </label>
        <label>
          <input type="checkbox" checked={form.hidden ?? false} onChange={(e) => set('hidden', e.target.checked)} /> Hidden from the shop
        </label>
      </fieldset>
      <div role="alert">{problem && <p className="notice notice--error">{problem}</p>}</div>
      <div className="admin-actions">
        <SubmitButton busy={busy}>{workshop ? 'Save the workshop' : 'Make the workshop'}</SubmitButton>
        <Link to="/admin/workshops" className="button button--quiet">
          Back to the workshops
        </Link>
      </div>
    </form>
  );
}
