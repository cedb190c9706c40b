import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AdminLoading, AdminRetry } from '@/components/admin/admin-page';
import { PictureField } from '@/components/admin/picture-field';
import { Field, TextAreaField, TextField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { CallRefused, refusedChange } from '@/lib/api-client';
import { mediaUrl } from '@/lib/core';
import { useForm } from '@/lib/use-form';
import { useQuery } from '@/lib/use-query';
import { useSignedOut } from '@/lib/use-signed-out';
import {
  createWorkshop,
  listWorkshops,
  removeWorkshopPicture,
  saveWorkshop,
  uploadWorkshopPicture,
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
  // The workshop as saved so far: after a save whose picture was refused, the next save is an
  // edit from the version that save made, not a second new workshop or a stale edit.
  const [current, setCurrent] = useState<AdminWorkshop | null>(workshop);
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<string | undefined>(undefined);
  const [pictureSaid, setPictureSaid] = useState<string | null>(null);
  const preview = useMemo(() => (picture ? URL.createObjectURL(picture) : null), [picture]);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);
  const pictureShown = preview ?? (current?.image ? mediaUrl(current.image) : null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    setPictureError(undefined);
    let saved: AdminWorkshop | null = null;
    try {
      saved = current ? await saveWorkshop(current.id, form, current.version) : await createWorkshop(form);
      setCurrent(saved);
      if (picture) saved = await uploadWorkshopPicture(saved.id, picture);
      navigate('/admin/workshops', { state: { saved: saved.title } });
    } catch (cause) {
      const refused = refusedChange(cause, onSignedOut, 'The workshop could not be saved just now. Please try again.');
      if (saved && refused) {
        // The workshop is saved; only its picture was not taken.
        setPictureError(refused.fields?.picture ?? refused.message);
        setProblem(`${saved.title} is saved, but not its picture: ${refused.fields?.picture ?? refused.message}`);
      } else {
        if (refused?.fields) setErrors(refused.fields);
        if (refused) setProblem(refused.message);
      }
    } finally {
      setBusy(false);
    }
  }

  async function removePicture() {
    if (!current || busy) return;
    setBusy(true);
    setProblem(null);
    setPictureSaid(null);
    try {
      setCurrent(await removeWorkshopPicture(current.id));
      setPicture(null);
      setPictureSaid('The picture is removed: the workshop shows the studio’s table of flowers until it has another.');
    } catch (cause) {
      const refused = refusedChange(cause, onSignedOut, 'The picture could not be removed just now. Please try again.');
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
      <PictureField
        error={pictureError}
        hint="A photo from your phone or camera (JPEG, PNG, WebP, HEIC), shown on the workshop’s card and page; it is turned upright and its location data removed. It is saved with the workshop."
        shown={pictureShown}
        preview={{ className: 'workshop-editor__preview', width: 90, height: 90 }}
        onPick={(file) => {
          setPicture(file);
          setPictureError(undefined);
          setPictureSaid(null);
        }}
      >
        {current?.image && !picture && (
          <button type="button" className="button button--quiet button--small" disabled={busy} onClick={() => void removePicture()}>
            Remove the picture
          </button>
        )}
      </PictureField>
      <p className="workshop-editor__said" role="status">
        {pictureSaid}
      </p>
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
        <SubmitButton busy={busy}>{current ? 'Save the workshop' : 'Make the workshop'}</SubmitButton>
        <Link to="/admin/workshops" className="button button--quiet">
          Back to the workshops
        </Link>
      </div>
    </form>
  );
}
