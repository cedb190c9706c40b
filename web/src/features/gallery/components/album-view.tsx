import { Link } from 'react-router';
import { LoadingStatus, RetryNotice } from '@/components/layout/page-kit';
import { PageShell } from '@/components/layout/page-shell';
import { PictureGallery } from '@/components/ui/lightbox';
import { SmartImage } from '@/components/ui/smart-image';
import { useAlbum } from '../hooks/use-albums';
import { albumPictures, featuredPicture } from '@/lib/album-media';
import './gallery.css';

function BackLink() {
  return (
    <Link to="/gallery" className="button button--quiet button--small album-back">
      <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M15 5l-7 7 7 7" />
      </svg>
      Back to the gallery
    </Link>
  );
}

/** One album: back to the list, its cover, title and words, then every picture and video. */
export function AlbumView({ id }: { id: number }) {
  const state = useAlbum(id);

  if (state.status === 'loading') {
    return (
      <PageShell title="Album" eyebrow="Gallery">
        <BackLink />
        <LoadingStatus>Opening the album…</LoadingStatus>
      </PageShell>
    );
  }

  if (state.status === 'not-found') {
    return (
      <PageShell title="Album not found" eyebrow="Gallery">
        <div className="notice">
          <p className="notice__title">We could not find that album.</p>
          <p>It may have been moved or taken down. The rest of our work is in the gallery.</p>
        </div>
        <BackLink />
      </PageShell>
    );
  }

  if (state.status === 'error') {
    return (
      <PageShell title="Album" eyebrow="Gallery">
        <BackLink />
        <RetryNotice title="We could not load this album just now." onRetry={state.retry}>
          Please check your connection and try again in a moment.
        </RetryNotice>
      </PageShell>
    );
  }

  const { album } = state;
  const cover = featuredPicture(album);
  const pictures = albumPictures(album);

  return (
    <PageShell title={album.title} eyebrow="Gallery" intro={album.description ? <p>{album.description}</p> : undefined}>
      <BackLink />
      <figure className="album-cover">
        <SmartImage
          src={cover.src}
          srcSet={cover.srcSet}
          webpSrcSet={cover.webpSrcSet}
          sizes="(min-width: 75rem) 72rem, 100vw"
          alt={`${album.title}: the album’s featured picture`}
          width={cover.width}
          height={cover.height}
          fetchPriority="high"
        />
      </figure>
      {pictures.length > 0 ? (
        <PictureGallery pictures={pictures} label={album.title} shape="square" className="album-grid" />
      ) : (
        <div className="notice">
          <p className="notice__title">No pictures here yet.</p>
          <p>This album is waiting for its first pictures.</p>
        </div>
      )}
    </PageShell>
  );
}
