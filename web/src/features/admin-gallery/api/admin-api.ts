import { api, refusal, type Album } from '@/lib/api-client';

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

async function answer<T>(call: Promise<Answer<T>>, fallback: string): Promise<T> {
  const { data, error, response } = await call;
  if (error !== undefined || data === undefined) throw refusal(error, response.status, fallback);
  return data;
}

/** GET /api/admin/albums/: every album, with videos still being converted. */
export function listAdminAlbums(signal?: AbortSignal): Promise<Album[]> {
  return answer(api.GET('/api/admin/albums/', { signal }), 'Failed to fetch albums');
}

/** POST /api/albums/: a new, empty album. */
export function createAlbum(title: string, description: string): Promise<Album> {
  return answer(api.POST('/api/albums/', { body: { title, description } }), 'Failed to create album');
}

/** PUT /api/albums/{id}/: title, description and the featured picture (null for none). */
export function updateAlbum(album: Pick<Album, 'id' | 'title' | 'description' | 'featured_image'>): Promise<Album> {
  const body = {
    title: album.title,
    description: album.description,
    ...(album.featured_image === null ? {} : { featured_image: album.featured_image }),
  };
  return answer(api.PUT('/api/albums/{id}/', { params: { path: { id: album.id } }, body }), 'The album could not be saved.');
}

/** DELETE /api/albums/{id}/: the album and everything in it. */
export async function deleteAlbum(id: number): Promise<void> {
  await answer(api.DELETE('/api/albums/{id}/', { params: { path: { id } } }), 'The album could not be deleted.');
}

/** PUT /api/albums/{id}/images/{image_id}/: a picture's caption. */
export async function saveCaption(albumId: number, imageId: number, caption: string): Promise<void> {
  await answer(
    api.PUT('/api/albums/{id}/images/{image_id}/', { params: { path: { id: albumId, image_id: imageId } }, body: { caption } }),
    'The caption could not be saved.',
  );
}

/** DELETE /api/albums/{id}/images/{image_id}/: one picture or video. */
export async function deleteImage(albumId: number, imageId: number): Promise<void> {
  await answer(
    api.DELETE('/api/albums/{id}/images/{image_id}/', { params: { path: { id: albumId, image_id: imageId } } }),
    'The picture could not be deleted.',
  );
}

/** POST /api/albums/{id}/reorder/: the album's pictures in this order. */
export async function reorderImages(albumId: number, imageIds: number[]): Promise<void> {
  await answer(
    api.POST('/api/albums/{id}/reorder/', { params: { path: { id: albumId } }, body: { image_ids: imageIds } }),
    'The new order could not be saved.',
  );
}
