import type { ComponentProps } from 'react';
import { SmartImage } from '@/components/ui/smart-image';
import type { Workshop } from '../api/get-workshops';

/** A workshop without a picture of its own shows the studio's table of flowers. */
const NO_PICTURE = '/media/pages/gallery-5.jpg';

/** How wide a card draws its picture: the whole column on a phone, under half the row beside its words from 48rem. */
const CARD_SIZES = '(min-width: 48rem) 45vw, 100vw';

/**
 * A workshop's picture, in the sizes the studio's upload (or the demo's art) was kept in, as
 * WebP first: on its card, its page and its booking. Decorative (alt=""): its title sits beside
 * it and says what it is, so a screen reader does not hear the title twice. Its width and height
 * keep its place before it loads; the pages crop it to their own shape.
 */
export function WorkshopPicture({
  workshop,
  sizes = CARD_SIZES,
  ...image
}: { workshop: Pick<Workshop, 'image' | 'image_srcset' | 'image_webp_srcset'> } & Omit<ComponentProps<typeof SmartImage>, 'src' | 'alt' | 'width' | 'height' | 'srcSet' | 'webpSrcSet'>) {
  const own = workshop.image != null;
  return (
    <SmartImage
      decoding="async"
      {...image}
      src={workshop.image ?? NO_PICTURE}
      srcSet={own ? (workshop.image_srcset ?? undefined) : undefined}
      webpSrcSet={own ? workshop.image_webp_srcset : undefined}
      sizes={sizes}
      alt=""
      width={1000}
      height={1000}
    />
  );
}
