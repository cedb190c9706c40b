import type { ReactNode } from 'react';
import { Field } from '@/components/ui/field';

/** The file types the picture box offers (the server judges the file by its content). */
const PICTURE_TYPES = 'image/jpeg,image/png,image/webp,image/gif,image/avif,image/heic,image/heif,.heic,.heif';

export interface PictureFieldProps {
  id?: string;
  hint: ReactNode;
  error?: string | null;
  className?: string;
  /** The picture chosen or kept, as a URL; nothing is shown while there is none. */
  shown: string | null;
  /** The preview's own class (its size) and its size in pixels. */
  preview: { className: string; width: number; height: number };
  /** A file was chosen, or the choice emptied. */
  onPick: (picture: File | null) => void;
  /** Beside the file box (a way to take the picture away). */
  children?: ReactNode;
}

/** "Picture": a file box with the picture chosen or kept beside it, on the product and workshop forms. */
export function PictureField({ id, hint, error, className, shown, preview, onPick, children }: PictureFieldProps) {
  return (
    <Field id={id} label="Picture" error={error} hint={hint} className={className}>
      {(control) => (
        <div className="admin-picture">
          {shown && <img className={`admin-thumb ${preview.className}`} src={shown} alt="" width={preview.width} height={preview.height} />}
          <input {...control} name="picture" type="file" accept={PICTURE_TYPES} className="admin-picture__file" onChange={(event) => onPick(event.target.files?.[0] ?? null)} />
          {children}
        </div>
      )}
    </Field>
  );
}
