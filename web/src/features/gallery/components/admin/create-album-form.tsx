import { useId, useState, type FormEvent } from 'react';
import { notifyError, notifySuccess } from '@/components/ui/notify';
import type { Album } from '@/lib/api-client';
import { AdminSignedOut, createAlbum } from '../../api/admin-api';

export const TITLE_REQUIRED = 'Please give the album a title.';

/** A new album: a title (required) and a few words about it. */
export function CreateAlbumForm({ onCreated, onSignedOut }: { onCreated: (album: Album) => void; onSignedOut: () => void }) {
  const id = useId();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [titleError, setTitleError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!title.trim()) {
      setTitleError(TITLE_REQUIRED);
      document.getElementById(`${id}-title`)?.focus();
      return;
    }
    setTitleError(null);
    setBusy(true);
    try {
      const album = await createAlbum(title.trim(), description.trim());
      notifySuccess('Album created successfully');
      setTitle('');
      setDescription('');
      onCreated(album);
    } catch (cause) {
      if (cause instanceof AdminSignedOut) return onSignedOut();
      notifyError('Failed to create album', cause instanceof Error ? cause.message : null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="admin-card admin-form" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="admin-card__title">
        New album
      </h2>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-title`}>
          Title <span aria-hidden="true">*</span>
        </label>
        <input
          id={`${id}-title`}
          className="field__input"
          value={title}
          required
          maxLength={200}
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? `${id}-title-error` : undefined}
          onChange={(event) => setTitle(event.target.value)}
        />
        {titleError && (
          <p id={`${id}-title-error`} className="field__error">
            {titleError}
          </p>
        )}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-description`}>
          Description <span className="admin-optional">(optional)</span>
        </label>
        <textarea
          id={`${id}-description`}
          className="field__input admin-form__textarea"
          rows={3}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Creating…' : 'Create album'}
      </button>
    </form>
  );
}
