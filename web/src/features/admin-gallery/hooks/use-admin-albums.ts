import { useCallback, useEffect, useMemo } from 'react';
import { notifyError } from '@/components/ui/notify';
import type { Album } from '@/lib/api-client';
import { useQuery } from '@/lib/use-query';
import { SignedOut } from '@/lib/api-client';
import { useSignedOut } from '@/lib/use-signed-out';
import { listAdminAlbums } from '../api/admin-api';

export type AdminAlbumsState = { status: 'loading' } | { status: 'error' } | { status: 'loaded'; albums: Album[] };

/** How often the list is asked again while a video is being converted. */
export const PROCESSING_POLL_MS = 4000;

/**
 * The admin's albums (GET /api/admin/albums/), with 'Failed to fetch albums' when they cannot be
 * had; asked again after each change, and every few seconds while a video is converting.
 */
export function useAdminAlbums(onSignedOut: () => void) {
  const { lost } = useSignedOut(onSignedOut);

  const onError = useCallback((cause: unknown, { quiet }: { quiet: boolean }) => {
    if (cause instanceof SignedOut) return lost();
    if (!quiet) notifyError('Failed to fetch albums', cause instanceof Error ? cause.message : null);
  }, [lost]);
  const query = useQuery('admin-albums', () => listAdminAlbums(), { onError });
  const { refresh: ask, setData } = query;

  // A session that ended is no failure to show: the page is on its way to the sign-in.
  const state: AdminAlbumsState = useMemo(() => {
    if (query.status === 'loaded') return { status: 'loaded', albums: query.data };
    if (query.status === 'error' && !(query.error instanceof SignedOut)) return { status: 'error' };
    return { status: 'loading' };
  }, [query]);

  const refresh = useCallback((quiet = false) => ask({ quiet }), [ask]);

  const processing = state.status === 'loaded' && state.albums.some((album) => album.images.some((image) => image.status === 'processing'));
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(() => void refresh(true), PROCESSING_POLL_MS);
    return () => clearInterval(timer);
  }, [processing, refresh]);

  /** Puts one album as the server now has it, without asking for them all. */
  const replace = useCallback(
    (album: Album) =>
      setData((albums = []) =>
        albums.some((a) => a.id === album.id) ? albums.map((a) => (a.id === album.id ? album : a)) : [...albums, album],
      ),
    [setData],
  );

  return { state, refresh, replace };
}
