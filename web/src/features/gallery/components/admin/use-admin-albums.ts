import { useCallback, useEffect, useRef, useState } from 'react';
import { notifyError } from '@/components/ui/notify';
import type { Album } from '@/lib/api-client';
import { AdminSignedOut, listAdminAlbums } from '../../api/admin-api';

export type AdminAlbumsState = { status: 'loading' } | { status: 'error' } | { status: 'loaded'; albums: Album[] };

/** How often the list is asked again while a video is being converted. */
export const PROCESSING_POLL_MS = 4000;

/**
 * The admin's albums (GET /api/admin/albums/), with 'Failed to fetch albums' when they cannot be
 * had; asked again after each change, and every few seconds while a video is converting.
 */
export function useAdminAlbums(onSignedOut: () => void) {
  const [state, setState] = useState<AdminAlbumsState>({ status: 'loading' });
  const signedOut = useRef(onSignedOut);
  useEffect(() => {
    signedOut.current = onSignedOut;
  });

  const refresh = useCallback(async (quiet = false) => {
    try {
      const albums = await listAdminAlbums();
      setState({ status: 'loaded', albums });
    } catch (cause) {
      if (cause instanceof AdminSignedOut) return signedOut.current();
      if (!quiet) notifyError('Failed to fetch albums', cause instanceof Error ? cause.message : null);
      setState((now) => (now.status === 'loaded' ? now : { status: 'error' }));
    }
  }, []);

  useEffect(() => {
    // The first answer arrives after this effect, like any other fetch.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void refresh();
  }, [refresh]);

  const processing = state.status === 'loaded' && state.albums.some((album) => album.images.some((image) => image.status === 'processing'));
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => void refresh(true), PROCESSING_POLL_MS);
    return () => clearInterval(timer);
  }, [processing, refresh]);

  /** Puts one album as the server now has it, without asking for them all. */
  const replace = useCallback((album: Album) => {
    setState((now) => {
      if (now.status !== 'loaded') return { status: 'loaded', albums: [album] };
      const known = now.albums.some((a) => a.id === album.id);
      return { status: 'loaded', albums: known ? now.albums.map((a) => (a.id === album.id ? album : a)) : [...now.albums, album] };
    });
  }, []);

  return { state, refresh, replace };
}
