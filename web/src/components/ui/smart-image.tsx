import { useState, type ImgHTMLAttributes } from 'react';
import { preload } from 'react-dom';
import { mediaUrl, placeholderImage } from '@/lib/core';

/** A stored picture as pages describe it: where it is, what it shows, its own size and its other sizes. */
export interface PictureSize {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Its sizes as JPEG for `srcset`: "/media/a-480.jpg 480w, /media/a-960.jpg 960w". */
  srcSet?: string;
  /** The same sizes as lossy WebP, which browsers that show WebP fetch instead (about half the bytes). */
  webpSrcSet?: string;
}

/** The img's part of a picture (its caption, video or other words stay behind). */
export function imageOf({ src, alt, width, height, srcSet, webpSrcSet }: PictureSize): PictureSize {
  return { src, alt, width, height, srcSet, webpSrcSet };
}

type SmartImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & {
  /** A stored media path ("/media/products/peony.jpg", "products/peony.jpg") or an absolute URL. */
  src: string | null | undefined;
  alt: string;
  /** The picture's own size: the browser keeps its space (by aspect ratio) before it loads. */
  width: number;
  height: number;
  /** The WebP sizes (see {@link PictureSize}); the picture is then a `<picture>` offering them first. */
  webpSrcSet?: string | null;
};

/**
 * A picture from the shop's media. The URL is worked out by the core (the same rule the
 * server uses); a missing picture, or one that fails to load, shows the placeholder instead,
 * without its other sizes or its WebP (either would keep the broken picture). `sizes` says how
 * wide the picture is drawn in its slot, so the browser fetches the size it needs.
 */
export function SmartImage({ src, alt, className, srcSet, webpSrcSet, sizes, ...rest }: SmartImageProps) {
  const wanted = mediaUrl(src);
  // Remember which URL failed, so a new src gets its own chance.
  const [failed, setFailed] = useState<string | null>(null);
  const placeholder = placeholderImage();
  const shown = failed === wanted ? placeholder : wanted;
  const isPlaceholder = shown === placeholder;
  const jpegs = isPlaceholder ? undefined : srcSet || undefined;
  const webps = isPlaceholder ? undefined : webpSrcSet || undefined;
  // The page's first picture (the hero, a product's, an album's cover) is asked for with the
  // page: React puts this in the head of a page the server drew. Only its WebP, which every
  // browser the app runs in shows; inside a <picture>, React preloads nothing by itself.
  if (rest.fetchPriority === 'high' && webps) {
    preload(shown, { as: 'image', type: 'image/webp', imageSrcSet: webps, imageSizes: sizes, fetchPriority: 'high' });
  }

  const image = (
    <img
      {...rest}
      src={shown}
      srcSet={jpegs}
      sizes={jpegs || webps ? sizes : undefined}
      alt={alt}
      className={[className, isPlaceholder ? 'is-placeholder' : null].filter(Boolean).join(' ')}
      data-placeholder={isPlaceholder || undefined}
      onError={() => {
        if (!isPlaceholder) setFailed(wanted);
      }}
    />
  );
  // A picture offered as WebP stays a <picture> once it fails, so its img is the same element;
  // only the WebP source goes. (The <picture> takes no room of its own: see base.css.)
  if (!webpSrcSet) return image;
  return (
    <picture>
      {webps && <source type="image/webp" srcSet={webps} sizes={sizes} />}
      {image}
    </picture>
  );
}
