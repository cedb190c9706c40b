import { lazy, Suspense, useState } from 'react';
import { SmartImage } from '@/components/ui/smart-image';
import type { Picture } from './types';
import './picture-gallery.css';

// The lightbox (yet-another-react-lightbox and its styles) is a chunk of its own, fetched when a
// visitor first reaches for a picture: on hover or focus, so it is usually there by the click.
const loadLightbox = () => import('./picture-lightbox');
const PictureLightbox = lazy(loadLightbox);

/** Two columns on phones, three from 48rem in a page at most 75rem wide. */
const DEFAULT_SIZES = '(min-width: 75rem) 24rem, (min-width: 48rem) 33vw, 50vw';

export interface PictureGalleryProps {
  pictures: readonly Picture[];
  /** What the gallery is called, read out for its list and its lightbox: "Wedding flowers". */
  label: string;
  /** Thumbnails' shape: "landscape" (3:2, the default) or "square". */
  shape?: 'landscape' | 'square';
  className?: string;
  /** How wide a thumbnail is drawn, for pictures with a srcset (`<img sizes>`). */
  sizes?: string;
}

/**
 * A grid of pictures, each a button that opens the lightbox at that picture. Thumbnails load
 * lazily (galleries sit below the fold) and keep their width and height, so nothing jumps.
 */
export function PictureGallery({ pictures, label, shape = 'landscape', className, sizes = DEFAULT_SIZES }: PictureGalleryProps) {
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing can fade out and reopening is instant.
  const [wanted, setWanted] = useState(false);

  const show = (at: number) => {
    setIndex(at);
    setOpen(true);
    setWanted(true);
  };

  return (
    <>
      <ul className={['grid-list', 'picture-gallery', `picture-gallery--${shape}`, className].filter(Boolean).join(' ')} aria-label={label}>
        {pictures.map((picture, at) => (
          <li key={`${picture.src}-${at}`}>
            <button
              type="button"
              className="picture-gallery__button"
              data-video={picture.video ? true : undefined}
              aria-label={picture.video ? `${picture.alt} (video)` : undefined}
              aria-haspopup="dialog"
              onClick={() => show(at)}
              onPointerEnter={() => void loadLightbox()}
              onFocus={() => void loadLightbox()}
            >
              <SmartImage
                src={picture.src}
                srcSet={picture.srcSet}
                webpSrcSet={picture.webpSrcSet}
                sizes={sizes}
                alt={picture.alt}
                width={picture.width}
                height={picture.height}
                loading="lazy"
                decoding="async"
                className="picture-gallery__image"
              />
              {picture.video ? (
                <>
                  <span className="picture-gallery__play" aria-hidden="true">
                    <svg viewBox="0 0 24 24" width="26" height="26" fill="currentColor">
                      <path d="M8.5 5.8v12.4a.8.8 0 0 0 1.2.7l9.6-6.2a.8.8 0 0 0 0-1.4L9.7 5.1a.8.8 0 0 0-1.2.7z" />
                    </svg>
                  </span>
                </>
              ) : (
                <span className="picture-gallery__zoom" aria-hidden="true">
                  <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round">
                    <circle cx="10.5" cy="10.5" r="6" />
                    <path d="M15 15l5 5M10.5 8v5M8 10.5h5" />
                  </svg>
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      {wanted && (
        <Suspense fallback={null}>
          <PictureLightbox pictures={pictures} index={index} open={open} onClose={() => setOpen(false)} label={label} />
        </Suspense>
      )}
    </>
  );
}
