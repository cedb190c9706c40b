import { useState, type ImgHTMLAttributes } from 'react';
import { mediaUrl, placeholderImage } from '@/lib/core';

/** A stored picture as pages describe it: where it is, what it shows, and its own size. */
export interface PictureSize {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** The img's part of a picture (its caption, video or other sizes stay behind). */
export function imageOf({ src, alt, width, height }: PictureSize): PictureSize {
  return { src, alt, width, height };
}

type SmartImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & {
  /** A stored media path ("/media/products/peony.jpg", "products/peony.jpg") or an absolute URL. */
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
};

/**
 * A picture from the shop's media. The URL is worked out by the core (the same rule the
 * server uses); a missing picture, or one that fails to load, shows the placeholder instead.
 */
export function SmartImage({ src, alt, className, srcSet, ...rest }: SmartImageProps) {
  const wanted = mediaUrl(src);
  // Remember which URL failed, so a new src gets its own chance.
  const [failed, setFailed] = useState<string | null>(null);
  const placeholder = placeholderImage();
  const shown = failed === wanted ? placeholder : wanted;
  const isPlaceholder = shown === placeholder;

  return (
    <img
      {...rest}
      src={shown}
      // Other sizes of the same picture; none once it has failed.
      srcSet={isPlaceholder ? undefined : srcSet}
      alt={alt}
      className={[className, isPlaceholder ? 'is-placeholder' : null].filter(Boolean).join(' ')}
      data-placeholder={isPlaceholder || undefined}
      onError={() => {
        if (!isPlaceholder) setFailed(wanted);
      }}
    />
  );
}
