import { useQuery } from '@/lib/use-query';
import { AlbumNotFound, getAlbum, getAlbums, type Album } from '../api/albums-api';

export type AlbumsState = { status: 'loading' } | { status: 'error' } | { status: 'loaded'; albums: Album[] };

/** Every album: loading, then loaded or an error (with a way to try again). */
export function useAlbums(): AlbumsState & { retry: () => void } {
  const query = useQuery('albums', getAlbums, { firstLoad: '/api/albums/' });
  if (query.status !== 'loaded') return { status: query.status, retry: query.retry };
  return { status: 'loaded', albums: query.data, retry: query.retry };
}

export type AlbumState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error' }
  | { status: 'loaded'; album: Album };

/** One album by its id: loading, not found, an error (try again) or loaded. */
export function useAlbum(id: number): AlbumState & { retry: () => void } {
  const query = useQuery(String(id), (signal) => getAlbum(id, signal), { firstLoad: `/api/albums/${id}/` });
  const { retry } = query;
  if (query.status === 'loaded') return { status: 'loaded', album: query.data, retry };
  if (query.status === 'error') return { status: query.error instanceof AlbumNotFound ? 'not-found' : 'error', retry };
  return { status: 'loading', retry };
}
