import { useMemo } from 'react';
import Lightbox from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import { mediaUrl } from '@/lib/core';
import { lightboxSettings } from './lightbox-settings';
import type { Picture } from './types';
import './picture-lightbox.css';

export interface PictureLightboxProps {
  pictures: readonly Picture[];
  /** The picture to show when it opens. */
  index: number;
  open: boolean;
  onClose: () => void;
  /** What the gallery is called, e.g. "Wedding flowers". */
  label: string;
}

// Loaded on its own (dynamic import) the first time a gallery opens a picture, so the library
// and its styles cost the first page nothing.
export default function PictureLightbox({ pictures, index, open, onClose, label }: PictureLightboxProps) {
  const slides = useMemo(
    () =>
      pictures.map((picture) => ({
        src: mediaUrl(picture.src),
        width: picture.width,
        height: picture.height,
        alt: picture.alt,
        description: picture.caption ?? picture.alt,
      })),
    [pictures],
  );

  return (
    <Lightbox
      className="picture-lightbox"
      open={open}
      index={index}
      close={onClose}
      slides={slides}
      plugins={[Captions, Counter]}
      animation={lightboxSettings.animation}
      carousel={lightboxSettings.carousel}
      controller={lightboxSettings.controller}
      captions={{ descriptionTextAlign: 'center', descriptionMaxLines: 3 }}
      labels={{
        Lightbox: `${label}: larger pictures`,
        'Photo gallery': label,
        Carousel: 'gallery',
        Slide: 'picture',
        '{index} of {total}': 'Picture {index} of {total}',
        Previous: 'Previous picture',
        Next: 'Next picture',
        Close: 'Close',
      }}
    />
  );
}
