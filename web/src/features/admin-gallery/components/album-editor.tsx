import { useId, useState, type FormEvent } from 'react';
import { Field, TextField } from '@/components/ui/field';
import { notifyError, notifySuccess } from '@/components/ui/notify';
import { SmartImage } from '@/components/ui/smart-image';
import type { Album, AlbumImage } from '@/lib/api-client';
import { albumLimits } from '@/lib/core';
import { deleteAlbum, deleteImage, reorderImages, saveCaption, updateAlbum } from '../api/admin-api';
import { describeItem, isVideo, photoCount } from '@/lib/album-media';
import { SignedOut } from '@/lib/api-client';

interface AlbumEditorProps {
  album: Album;
  /** Ask the server for the albums again (after a change it answers with only 'success'). */
  onChanged: () => Promise<void> | void;
  onReplaced: (album: Album) => void;
  onDeleted: (id: number) => void;
  onSignedOut: () => void;
}

const STATUS_WORDS: Record<string, string> = {
  processing: 'Converting…',
  failed: 'Could not be converted',
};

/** One album for the admin: its words, its featured picture, and each item's caption, place and fate. */
export function AlbumEditor({ album, onChanged, onReplaced, onDeleted, onSignedOut }: AlbumEditorProps) {
  const id = useId();
  const [busy, setBusy] = useState(false);

  /** Runs a change, says how it went, and asks for the albums again. */
  const change = async (run: () => Promise<unknown>, done: string | null, failed: string) => {
    setBusy(true);
    try {
      await run();
      if (done) notifySuccess(done);
      await onChanged();
    } catch (cause) {
      if (cause instanceof SignedOut) return onSignedOut();
      notifyError(failed, cause instanceof Error ? cause.message : null);
    } finally {
      setBusy(false);
    }
  };

  const move = (at: number, by: -1 | 1) => {
    const ids = album.images.map((image) => image.id);
    const [moved] = ids.splice(at, 1);
    if (moved === undefined) return;
    ids.splice(at + by, 0, moved);
    void change(() => reorderImages(album.id, ids), by < 0 ? 'Moved up' : 'Moved down', 'The new order was not saved');
  };

  const feature = (image: AlbumImage) =>
    change(
      async () => onReplaced(await updateAlbum({ ...album, featured_image: image.id })),
      'Featured picture chosen',
      'The featured picture was not changed',
    );

  const remove = (image: AlbumImage, at: number) => {
    const what = isVideo(image) ? 'video' : 'picture';
    if (!window.confirm(`Delete ${what} ${at + 1} from “${album.title}”? This cannot be undone.`)) return;
    void change(() => deleteImage(album.id, image.id), `The ${what} was deleted`, `The ${what} was not deleted`);
  };

  const removeAlbum = async () => {
    if (!window.confirm(`Delete the album “${album.title}” and its ${photoCount(album)}? This cannot be undone.`)) return;
    setBusy(true);
    try {
      await deleteAlbum(album.id);
      notifySuccess('Album deleted');
      onDeleted(album.id);
    } catch (cause) {
      if (cause instanceof SignedOut) return onSignedOut();
      notifyError('The album was not deleted', cause instanceof Error ? cause.message : null);
      setBusy(false);
    }
  };

  return (
    <section className="card admin-card admin-editor" aria-labelledby={`${id}-heading`} aria-busy={busy}>
      <div className="admin-editor__head">
        <h2 id={`${id}-heading`} className="admin-card__title">
          {album.title}
        </h2>
        <span className="pill admin-editor__count">{photoCount(album)}</span>
      </div>

      <AlbumDetailsForm key={`${album.id}-${album.title}-${album.description}`} album={album} busy={busy} onSave={(title, description) =>
        change(async () => onReplaced(await updateAlbum({ ...album, title, description })), 'Album saved', 'The album was not saved')
      } />

      {album.images.length === 0 ? (
        <p className="admin-empty">No pictures yet. Upload some with the form on this page.</p>
      ) : (
        <ol className="grid-list admin-items" aria-label={`Pictures and videos in ${album.title}`}>
          {album.images.map((image, at) => {
            const name = `${isVideo(image) ? 'video' : 'picture'} ${at + 1}`;
            const isFeatured = album.featured_image === image.id;
            return (
              <li key={image.id} className="admin-item">
                <div className="admin-item__picture">
                  <SmartImage src={image.thumbnail_url || image.file_url} alt={describeItem(album, image, at)} width={image.width || 480} height={image.height || 320} loading="lazy" />
                  {isVideo(image) && <span className="admin-item__badge">Video</span>}
                  {isFeatured && <span className="admin-item__badge admin-item__badge--featured">Featured</span>}
                  {STATUS_WORDS[image.status] && (
                    <span className="admin-item__status" data-status={image.status}>
                      {STATUS_WORDS[image.status]}
                    </span>
                  )}
                </div>
                <CaptionForm
                  key={`${image.id}-${image.caption}`}
                  image={image}
                  label={`Caption for ${name}`}
                  busy={busy}
                  onSave={(caption) => change(() => saveCaption(album.id, image.id, caption), 'Caption saved', 'The caption was not saved')}
                />
                <div className="admin-item__actions">
                  <button type="button" className="button button--quiet button--small" disabled={busy || at === 0} onClick={() => move(at, -1)} aria-label={`Move ${name} up`}>
                    ↑ Up
                  </button>
                  <button
                    type="button"
                    className="button button--quiet button--small"
                    disabled={busy || at === album.images.length - 1}
                    onClick={() => move(at, 1)}
                    aria-label={`Move ${name} down`}
                  >
                    ↓ Down
                  </button>
                  {!isVideo(image) && (
                    <button
                      type="button"
                      className="button button--quiet button--small"
                      disabled={busy || isFeatured}
                      aria-pressed={isFeatured}
                      onClick={() => void feature(image)}
                    >
                      {isFeatured ? 'Featured' : 'Make featured'}
                      <span className="visually-hidden">: {name}</span>
                    </button>
                  )}
                  <button type="button" className="button button--quiet button--small admin-danger" disabled={busy} onClick={() => remove(image, at)}>
                    Delete{' '}<span className="visually-hidden">{name}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}

      <div className="admin-editor__foot">
        <button type="button" className="button button--quiet admin-danger" disabled={busy} onClick={() => void removeAlbum()}>
          Delete this album
        </button>
      </div>
    </section>
  );
}

function AlbumDetailsForm({ album, busy, onSave }: { album: Album; busy: boolean; onSave: (title: string, description: string) => void }) {
  const id = useId();
  const limits = albumLimits();
  const [title, setTitle] = useState(album.title);
  const [description, setDescription] = useState(album.description);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!title.trim()) return setError('Please give the album a title.');
    setError(null);
    onSave(title.trim(), description.trim());
  };
  return (
    <form className="admin-details" onSubmit={submit} noValidate>
      <TextField id={`${id}-title`} label="Album title" value={title} required maxLength={limits.title} error={error} onValueChange={setTitle} />
      <Field id={`${id}-description`} label="Album description">
        {(control) => (
          <textarea
            {...control}
            className="field__input admin-form__textarea"
            rows={2}
            maxLength={limits.description}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        )}
      </Field>
      <button type="submit" className="button button--small" disabled={busy}>
        Save album
      </button>
    </form>
  );
}

function CaptionForm({ image, label, busy, onSave }: { image: AlbumImage; label: string; busy: boolean; onSave: (caption: string) => void }) {
  const id = useId();
  const [caption, setCaption] = useState(image.caption);
  const changed = caption.trim() !== image.caption.trim();
  return (
    <form
      className="admin-caption"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(caption.trim());
      }}
    >
      <label className="visually-hidden" htmlFor={`${id}-caption`}>
        {label}
      </label>
      <input id={`${id}-caption`} className="field__input" placeholder="Add a caption" value={caption} maxLength={albumLimits().caption} onChange={(e) => setCaption(e.target.value)} />
      <button type="submit" className="button button--small" disabled={busy || !changed} aria-label={`Save ${label.toLowerCase()}`}>
        Save
      </button>
    </form>
  );
}
