import { useCallback, useEffect, useState } from 'react';
import { AlbumNotFound, getAlbum, getAlbums, type Album } from '../api/albums-api';

export type AlbumsState = { status: 'loading' } | { status: 'error' } | { status: 'loaded'; albums: Album[] };

/** Every album: loading, then loaded or an error (with a way to try again). */
export function useAlbums(): AlbumsState & { retry: () => void } {
  const [state, setState] = useState<AlbumsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getAlbums(controller.signal).then(
      (albums) => setState({ status: 'loaded', albums }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { ...state, retry };
}

export type AlbumState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error' }
  | { status: 'loaded'; album: Album };

/** One album by its id: loading, not found, an error (try again) or loaded. */
export function useAlbum(id: number): AlbumState & { retry: () => void } {
  const [state, setState] = useState<AlbumState & { id: number }>({ status: 'loading', id });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getAlbum(id, controller.signal).then(
      (album) => setState({ status: 'loaded', album, id }),
      (cause: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: cause instanceof AlbumNotFound ? 'not-found' : 'error', id });
      },
    );
    return () => controller.abort();
  }, [id, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading', id });
    setAttempt((n) => n + 1);
  }, [id]);

  // An answer for another album (the id just changed) is not this one's.
  const shown: AlbumState = state.id === id ? state : { status: 'loading' };
  return { ...shown, retry };
}
