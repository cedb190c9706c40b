import { api, type Album } from '@/lib/api-client';

export type { Album, AlbumImage } from '@/lib/api-client';

export const ALBUMS_FAILED = 'We could not load the gallery just now.';

/** The album asked for is not there (404). */
export class AlbumNotFound extends Error {
  override name = 'AlbumNotFound';
}

/** GET /api/albums/: every album with its ready pictures and videos. */
export async function getAlbums(signal?: AbortSignal): Promise<Album[]> {
  const { data, error } = await api.GET('/api/albums/', { signal });
  if (error || !data) throw new Error(ALBUMS_FAILED);
  return data;
}

/** GET /api/albums/{id}/: one album; AlbumNotFound for a 404 (or an id that is not a number). */
export async function getAlbum(id: number, signal?: AbortSignal): Promise<Album> {
  if (!Number.isInteger(id) || id <= 0) throw new AlbumNotFound('No such album');
  const { data, error, response } = await api.GET('/api/albums/{id}/', { params: { path: { id } }, signal });
  if (response.status === 404) throw new AlbumNotFound('No such album');
  if (error || !data) throw new Error(ALBUMS_FAILED);
  return data;
}
