// The upload goes through XMLHttpRequest rather than the API client: fetch cannot report how
// much of a request body has been sent, and the admin wants a progress bar. It sends what the
// client sends: credentials, and the csrftoken cookie as X-CSRFToken.
import { API_BASE, CSRF_HEADER, csrfToken, errorMessage, SignedOut } from '@/lib/api-client';
import type { paths } from '@/lib/api-schema';

type UploadOperation = paths['/api/albums/{id}/upload_images/']['post'];
type UploadForm = UploadOperation['requestBody']['content']['multipart/form-data'];
export type UploadReport = UploadOperation['responses'][200]['content']['application/json'];

const IMAGES: keyof UploadForm = 'images';
const FEATURED: keyof UploadForm = 'featured_image';

export const UPLOAD_FAILED = 'Failed to upload images';

export interface UploadRequest {
  albumId: number;
  files: readonly File[];
  featured?: File | null;
  /** Called as the body goes out: 0 to 100. */
  onProgress?: (percent: number) => void;
}

/** The form the server reads: repeated `images` and an optional `featured_image`. */
export function uploadForm(files: readonly File[], featured?: File | null): FormData {
  const form = new FormData();
  for (const file of files) form.append(IMAGES, file, file.name);
  if (featured) form.append(FEATURED, featured, featured.name);
  return form;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** POST /api/albums/{id}/upload_images/ with progress: the album now, and the files refused. */
export async function uploadImages({ albumId, files, featured, onProgress }: UploadRequest): Promise<UploadReport> {
  const token = await csrfToken();
  return new Promise<UploadReport>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}/api/albums/${encodeURIComponent(albumId)}/upload_images/`);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status === 401) return reject(new SignedOut(errorMessage(body, 'Please sign in again.')));
      if (xhr.status < 200 || xhr.status >= 300 || !body || typeof body !== 'object' || !('album' in body)) {
        return reject(new Error(errorMessage(body, 'The server did not take the files. Please try again.')));
      }
      onProgress?.(100);
      resolve(body as UploadReport);
    };
    xhr.onerror = () => reject(new Error('The connection dropped while sending. Please check it and try again.'));
    xhr.onabort = () => reject(new Error('The upload was stopped.'));
    xhr.send(uploadForm(files, featured));
  });
}
