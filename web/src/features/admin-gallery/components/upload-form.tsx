import { useId, useRef, useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import { notifyError, notifySuccess } from '@/components/ui/notify';
import type { Album, Refused } from '@/lib/api-client';
import { SignedOut } from '@/lib/api-client';
import { SubmitButton } from '@/components/ui/submit-button';
import { uploadImages } from '../api/upload';
import { checkFiles, FEATURED_NOT_PICTURE, fileSize, isPictureFile } from '../lib/file-check';

export const ALBUM_REQUIRED = 'Please choose the album to upload to.';
export const FILES_REQUIRED = 'Please choose at least one picture or video.';
const ACCEPT = 'image/*,video/*,.heic';

interface UploadFormProps {
  albums: readonly Album[];
  /** The album chosen elsewhere on the page, if any. */
  albumId: number | null;
  onAlbumChange: (id: number | null) => void;
  onUploaded: (album: Album) => void;
  onSignedOut: () => void;
}

type Problems = Partial<Record<'album' | 'files' | 'featured', string>>;

/** Bulk upload of pictures, videos and .heic to one album, with a featured picture and progress. */
export function UploadForm({ albums, albumId, onAlbumChange, onUploaded, onSignedOut }: UploadFormProps) {
  const id = useId();
  const filesInput = useRef<HTMLInputElement>(null);
  const featuredInput = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [featured, setFeatured] = useState<File | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [refused, setRefused] = useState<Refused[]>([]);

  const choice = checkFiles(files);
  const featuredProblem = featured && !isPictureFile(featured) ? FEATURED_NOT_PICTURE : null;
  const busy = progress !== null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Problems = {};
    if (albumId === null) found.album = ALBUM_REQUIRED;
    if (choice.accepted.length === 0 && !featured) found.files = FILES_REQUIRED;
    if (featuredProblem) found.featured = featuredProblem;
    setProblems(found);
    if (Object.keys(found).length > 0 || albumId === null) {
      const first = found.album ? `${id}-album` : found.files ? `${id}-files` : `${id}-featured`;
      document.getElementById(first)?.focus();
      return;
    }

    setRefused([]);
    setProgress(0);
    try {
      const report = await uploadImages({ albumId, files: choice.accepted, featured, onProgress: setProgress });
      const sent = choice.accepted.length + (featured ? 1 : 0);
      setRefused(report.refused);
      if (report.refused.length >= sent) {
        notifyError('Failed to upload images', 'None of the files could be used; see why below.');
      } else {
        notifySuccess('Images uploaded successfully');
        setFiles([]);
        setFeatured(null);
        if (filesInput.current) filesInput.current.value = '';
        if (featuredInput.current) featuredInput.current.value = '';
      }
      onUploaded(report.album);
    } catch (cause) {
      if (cause instanceof SignedOut) return onSignedOut();
      notifyError('Failed to upload images', cause instanceof Error ? cause.message : null);
    } finally {
      setProgress(null);
    }
  };

  return (
    <form className="card admin-card admin-form" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`} aria-busy={busy}>
      <h2 id={`${id}-heading`} className="admin-card__title">
        Upload pictures and videos
      </h2>

      <Field id={`${id}-album`} label={<>Album <span aria-hidden="true">*</span></>} error={problems.album}>
        {(control) => (
          <select
            {...control}
            className="field__select"
            required
            value={albumId ?? ''}
            onChange={(event) => {
              onAlbumChange(event.target.value ? Number(event.target.value) : null);
              setProblems((now) => ({ ...now, album: undefined }));
            }}
          >
            <option value="">Choose an album</option>
            {albums.map((album) => (
              <option key={album.id} value={album.id}>
                {album.title}
              </option>
            ))}
          </select>
        )}
      </Field>

      <Field
        id={`${id}-files`}
        label="Pictures and videos"
        hint="JPEG, PNG, WebP, GIF, AVIF or HEIC pictures, and MP4, MOV or WebM videos. Choose as many as you like."
        hintAt="middle"
        error={problems.files}
      >
        {(control) => (
          <input
            {...control}
            ref={filesInput}
            className="admin-file"
            type="file"
            multiple
            accept={ACCEPT}
            disabled={busy}
            onChange={(event) => {
              setFiles(Array.from(event.target.files ?? []));
              setProblems((now) => ({ ...now, files: undefined }));
              setRefused([]);
            }}
          />
        )}
      </Field>

      {files.length > 0 && (
        <ul className="small-list admin-files" aria-label="Chosen files">
          {choice.accepted.map((file, at) => (
            <li key={`ok-${file.name}-${at}`} className="admin-files__item">
              <span className="admin-files__name">{file.name}</span>
              <span className="admin-files__note">{fileSize(file.size)}</span>
            </li>
          ))}
          {choice.refused.map(({ file, reason }, at) => (
            <li key={`no-${file.name}-${at}`} className="admin-files__item admin-files__item--refused">
              <span className="admin-files__name">{file.name}</span>
              <span className="admin-files__note">Will not be sent: {reason}</span>
            </li>
          ))}
        </ul>
      )}

      <Field
        id={`${id}-featured`}
        label={<>Featured picture <span className="admin-optional">(optional)</span></>}
        hint="Shown on the album’s card and at the top of its page."
        hintAt="middle"
        error={problems.featured ?? featuredProblem}
      >
        {(control) => (
          <input
            {...control}
            ref={featuredInput}
            className="admin-file"
            type="file"
            accept="image/*,.heic"
            disabled={busy}
            onChange={(event) => {
              setFeatured(event.target.files?.[0] ?? null);
              setProblems((now) => ({ ...now, featured: undefined, files: undefined }));
            }}
          />
        )}
      </Field>

      {progress !== null && (
        <div className="admin-progress">
          <span id={`${id}-progress`} className="admin-progress__label">
            Uploading… {progress}%
          </span>
          <div
            className="admin-progress__track"
            role="progressbar"
            aria-labelledby={`${id}-progress`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
          >
            <span className="admin-progress__bar" style={{ width: `${progress}%` }} />
          </div>
        </div>
      )}

      {refused.length > 0 && (
        <div className="notice notice--error admin-refused" role="alert">
          <p className="notice__title">
            {refused.length === 1 ? 'One file was not stored' : `${refused.length} files were not stored`}
          </p>
          <ul aria-label="Files not stored">
            {refused.map((item, at) => (
              <li key={`${item.file_name}-${at}`}>
                <strong>{item.file_name}</strong>: {item.reason}
              </li>
            ))}
          </ul>
        </div>
      )}

      <SubmitButton busy={busy} busyText="Uploading…">
        Upload
      </SubmitButton>
    </form>
  );
}
