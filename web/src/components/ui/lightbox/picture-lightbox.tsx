import { useMemo } from 'react';
import Lightbox from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import Video from 'yet-another-react-lightbox/plugins/video';
import type { Slide } from 'yet-another-react-lightbox';
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

/** The spec's size for a video slide: 1280 × 720 MP4. */
export const VIDEO_SLIDE = { width: 1280, height: 720 } as const;

/** "/media/a-480.jpg 480w, /media/a-960.jpg 960w" as the library's sizes, each with its height. */
export function parseSrcSet(srcSet: string | undefined, width: number, height: number) {
  if (!srcSet) return undefined;
  const sizes = srcSet
    .split(',')
    .map((part) => part.trim().split(/\s+/))
    .filter((bits): bits is [string, string] => bits.length === 2 && /^\d+w$/.test(bits[1] ?? ''))
    .map(([src, w]) => {
      const each = Number.parseInt(w, 10);
      return { src: mediaUrl(src), width: each, height: Math.round((each * height) / Math.max(width, 1)) };
    });
  return sizes.length > 0 ? sizes : undefined;
}

function toSlide(picture: Picture): Slide {
  const description = picture.caption || picture.alt;
  if (picture.video) {
    return {
      type: 'video',
      ...VIDEO_SLIDE,
      poster: mediaUrl(picture.src),
      sources: [{ src: mediaUrl(picture.video), type: 'video/mp4' }],
      description,
    };
  }
  return {
    src: mediaUrl(picture.src),
    width: picture.width,
    height: picture.height,
    alt: picture.alt,
    srcSet: parseSrcSet(picture.srcSet, picture.width, picture.height),
    description,
  };
}

// Loaded on its own (dynamic import) the first time a gallery opens a picture, so the library
// and its styles cost the first page nothing.
export default function PictureLightbox({ pictures, index, open, onClose, label }: PictureLightboxProps) {
  const slides = useMemo(() => pictures.map(toSlide), [pictures]);

  return (
    <Lightbox
      className="picture-lightbox"
      open={open}
      index={index}
      close={onClose}
      slides={slides}
      plugins={[Captions, Counter, Video]}
      video={{ controls: true, playsInline: true, preload: 'metadata' }}
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
