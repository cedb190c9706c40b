// What the admin may upload (the spec): files whose type is a picture or a video, plus .heic
// (which browsers often leave without a type). The featured image must be a picture.

const HEIC = /\.(heic|heif)$/i;

export const NOT_MEDIA = 'Only pictures and videos can be uploaded (JPEG, PNG, WebP, GIF, AVIF, HEIC, MP4, MOV, WebM).';
export const FEATURED_NOT_PICTURE = 'The featured image must be a picture, not a video or another kind of file.';

/** A picture: an image type, or a .heic/.heif name. */
export function isPictureFile(file: File): boolean {
  return file.type.startsWith('image/') || HEIC.test(file.name);
}

/** A picture or a video the bulk upload may send. */
export function isMediaFile(file: File): boolean {
  return isPictureFile(file) || file.type.startsWith('video/');
}

export interface FileChoice {
  /** The files that will be sent. */
  accepted: File[];
  /** The files left out, each with why. */
  refused: { file: File; reason: string }[];
}

/** Splits the chosen files into those that will be sent and those left out. */
export function checkFiles(files: readonly File[]): FileChoice {
  const accepted: File[] = [];
  const refused: FileChoice['refused'] = [];
  for (const file of files) {
    if (isMediaFile(file)) accepted.push(file);
    else refused.push({ file, reason: NOT_MEDIA });
  }
  return { accepted, refused };
}

/** "2.4 MB", "830 KB". */
export function fileSize(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} KB`;
}
