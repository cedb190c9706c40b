import { useState } from 'react';
import { Link } from 'react-router';
import { LoadingStatus, RetryNotice } from '@/components/layout/page-kit';
import { SmartImage } from '@/components/ui/smart-image';
import { featuredPicture, photoCount } from '@/lib/album-media';
import { AlbumEditor } from './album-editor';
import { CreateAlbumForm } from './create-album-form';
import { UploadForm } from './upload-form';
import { useAdminAlbums } from '../hooks/use-admin-albums';
import '@/components/ui/field.css';
import './admin-gallery.css';

export interface AdminGalleryProps {
  /** The server said the session has ended (401). */
  onSignedOut: () => void;
}

/** The admin's gallery: albums, a new album, the upload, and the chosen album's pictures. */
export function AdminGallery({ onSignedOut }: AdminGalleryProps) {
  const { state, refresh, replace } = useAdminAlbums(onSignedOut);
  const [chosenId, setChosenId] = useState<number | null>(null);

  const albums = state.status === 'loaded' ? state.albums : [];
  const chosen = albums.find((album) => album.id === chosenId) ?? null;
  const selectedId = chosen ? chosen.id : null;

  return (
    <div className="admin-gallery">
      <div className="admin-gallery__forms">
        <CreateAlbumForm
          onSignedOut={onSignedOut}
          onCreated={(album) => {
            replace(album);
            setChosenId(album.id);
          }}
        />
        <UploadForm albums={albums} albumId={selectedId} onAlbumChange={setChosenId} onUploaded={replace} onSignedOut={onSignedOut} />
      </div>

      <section className="admin-gallery__albums" aria-labelledby="admin-albums-heading">
        <h2 id="admin-albums-heading" className="admin-section-title">
          Albums
        </h2>
        {state.status === 'loading' && (
          <LoadingStatus>Opening the albums…</LoadingStatus>
        )}
        {state.status === 'error' && (
          <RetryNotice title="Failed to fetch albums" onRetry={() => void refresh()}>
            Please check your connection and try again.
          </RetryNotice>
        )}
        {state.status === 'loaded' && albums.length === 0 && (
          <div className="notice">
            <p className="notice__title">No albums found</p>
            <p>Create the first one with the form on this page.</p>
          </div>
        )}
        {albums.length > 0 && (
          <ul className="grid-list admin-albums" aria-label="Albums to manage">
            {albums.map((album) => {
              const cover = featuredPicture(album);
              const isChosen = album.id === selectedId;
              return (
                <li key={album.id} className="admin-album" data-chosen={isChosen || undefined}>
                  <SmartImage src={cover.src} alt="" width={cover.width} height={cover.height} loading="lazy" className="admin-album__picture admin-thumb" />
                  <div className="admin-album__body">
                    <span className="admin-album__title">{album.title}</span>
                    <span className="admin-album__count">{photoCount(album)}</span>
                  </div>
                  <div className="admin-album__actions">
                    <button
                      type="button"
                      className="button button--small"
                      aria-pressed={isChosen}
                      onClick={() => setChosenId(isChosen ? null : album.id)}
                    >
                      Manage{' '}<span className="visually-hidden">{album.title}</span>
                    </button>
                    <Link className="button button--quiet button--small" to={`/gallery/album/${album.id}`}>
                      View{' '}<span className="visually-hidden">{album.title}</span>
                    </Link>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {chosen && (
        <AlbumEditor
          album={chosen}
          onChanged={() => refresh()}
          onReplaced={replace}
          onSignedOut={onSignedOut}
          onDeleted={() => {
            setChosenId(null);
            void refresh();
          }}
        />
      )}
    </div>
  );
}
