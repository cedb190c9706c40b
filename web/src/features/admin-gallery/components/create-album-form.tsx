import { useId, useState, type FormEvent } from 'react';
import { Field, TextField } from '@/components/ui/field';
import { notifyError, notifySuccess } from '@/components/ui/notify';
import { albumLimits } from '@/lib/core';
import type { Album } from '@/lib/api-client';
import { SignedOut } from '@/lib/api-client';
import { SubmitButton } from '@/components/ui/submit-button';
import { createAlbum } from '../api/admin-api';

export const TITLE_REQUIRED = 'Please give the album a title.';

/** A new album: a title (required) and a few words about it. */
export function CreateAlbumForm({ onCreated, onSignedOut }: { onCreated: (album: Album) => void; onSignedOut: () => void }) {
  const id = useId();
  const limits = albumLimits();
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
      if (cause instanceof SignedOut) return onSignedOut();
      notifyError('Failed to create album', cause instanceof Error ? cause.message : null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card admin-card admin-form" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="admin-card__title">
        New album
      </h2>
      <TextField
        id={`${id}-title`}
        label={<>Title <span aria-hidden="true">*</span></>}
        value={title}
        required
        maxLength={limits.title}
        error={titleError}
        onValueChange={setTitle}
      />
      <Field id={`${id}-description`} label={<>Description <span className="admin-optional">(optional)</span></>}>
        {(control) => (
          <textarea
            {...control}
            className="field__input admin-form__textarea"
            rows={3}
            maxLength={limits.description}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        )}
      </Field>
      <SubmitButton busy={busy} busyText="Creating…">
        Create album
      </SubmitButton>
    </form>
  );
}
