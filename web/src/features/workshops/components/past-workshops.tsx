import { PictureGallery, type Picture } from '@/components/ui/lightbox';

/** Pictures from workshops gone by (the studio's own, seeded under /media/pages/). */
export const PAST_WORKSHOP_PICTURES: readonly Picture[] = [
  {
    src: '/media/pages/gallery-5.jpg',
    alt: 'A finished eucalyptus wreath dotted with peach and white flowers, scissors and twine beside it',
    caption: 'Winter wreaths, December',
  },
  {
    src: '/media/pages/gallery-6.jpg',
    alt: 'Pink roses, white anemones and blue cornflowers arranged in a glass vase',
    caption: 'Spring vase arranging, April',
  },
  {
    src: '/media/pages/gallery-3.jpg',
    alt: 'A single blush rose buttonhole with eucalyptus, its stem bound with twine',
    caption: 'Buttonholes and corsages, June',
  },
  {
    src: '/media/pages/gallery-1.jpg',
    alt: 'A hand-tied bouquet of blush and ivory flowers and eucalyptus, finished with a cream ribbon',
    caption: 'Hand-tied bouquets, May',
  },
  {
    src: '/media/pages/gallery-2.jpg',
    alt: 'A low table arrangement of peach and coral flowers between two lit candles',
    caption: 'Table flowers for a long lunch, September',
  },
  {
    src: '/media/pages/gallery-4.jpg',
    alt: 'A low arrangement of white lilies, roses and dark green leaves along a wooden table',
    caption: 'White flowers for a long table, October',
  },
].map((picture) => ({ ...picture, width: 1600, height: 1067 }));

/** The past-workshop gallery: a calm grid of pictures that opens the lightbox. */
export function PastWorkshops() {
  return <PictureGallery pictures={PAST_WORKSHOP_PICTURES} label="Pictures from past workshops" />;
}
