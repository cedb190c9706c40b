import { Link } from 'react-router';
import { LoadingStatus, RetryNotice } from '@/components/layout/page-kit';
import { SmartImage } from '@/components/ui/smart-image';
import type { Album } from '../api/albums-api';
import { useAlbums } from '../hooks/use-albums';
import { featuredPicture, photoCount } from '@/lib/album-media';
import './gallery.css';

const CARD_SIZES = '(min-width: 75rem) 24rem, (min-width: 48rem) 33vw, 100vw';

/**
 * One album: its cover, title and how many pictures it holds, all one link. `leading`: the first
 * card, whose cover is the largest thing a phone paints first, asked for with the page (its
 * preload goes in the head of the drawn page, as the shop's first row's).
 */
export function AlbumCard({ album, eager = false, leading = false }: { album: Album; eager?: boolean; leading?: boolean }) {
  const cover = featuredPicture(album);
  return (
    <Link to={`/gallery/album/${album.id}`} className="card album-card">
      <span className="album-card__picture">
        <SmartImage
          src={cover.src}
          srcSet={cover.srcSet}
          webpSrcSet={cover.webpSrcSet}
          sizes={CARD_SIZES}
          alt=""
          width={cover.width}
          height={cover.height}
          loading={eager || leading ? 'eager' : 'lazy'}
          fetchPriority={leading ? 'high' : undefined}
          decoding="async"
        />
      </span>
      <span className="stack album-card__body">
        <span className="album-card__title">{album.title}</span>
        {album.description && <span className="album-card__description">{album.description}</span>}
        <span className="pill album-card__count">{photoCount(album)}</span>
      </span>
    </Link>
  );
}

/** Every album as a card, with loading, error and empty states. */
export function AlbumList() {
  const state = useAlbums();

  if (state.status === 'loading') {
    return (
      <LoadingStatus>Opening the albums…</LoadingStatus>
    );
  }

  if (state.status === 'error') {
    return (
      <RetryNotice title="We could not load the gallery just now." onRetry={state.retry}>
        Please check your connection and try again in a moment.
      </RetryNotice>
    );
  }

  if (state.albums.length === 0) {
    return (
      <div className="notice">
        <p className="notice__title">No albums found</p>
        <p>We are choosing pictures from our latest weddings and workshops. Please come back soon.</p>
      </div>
    );
  }

  return (
    <ul className="grid-list album-list" aria-label="Albums">
      {state.albums.map((album, at) => (
        <li key={album.id}>
          <AlbumCard album={album} eager={at < 2} leading={at === 0} />
        </li>
      ))}
    </ul>
  );
}
