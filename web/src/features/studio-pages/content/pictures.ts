import type { Picture } from '@/components/ui/lightbox';

// The studio's pictures with words for each: the seeded page pictures (1600 × 1067) and the
// shop's bouquets (1000 × 1000). Real photographs uploaded later keep the same shape of data.

/**
 * A seeded picture's sizes as art/ draws them (`NAME-480`, `NAME-960` and `NAME` at its own
 * `width`), as JPEG or as WebP: "/media/pages/hero-480.webp 480w, …, /media/pages/hero.webp 1600w".
 */
const seededSizes = (stem: string, width: number, format: 'jpg' | 'webp') =>
  `${stem}-480.${format} 480w, ${stem}-960.${format} 960w, ${stem}.${format} ${width}w`;

const seeded = (stem: string, width: number, height: number, alt: string, caption?: string): Picture => ({
  src: `${stem}.jpg`,
  width,
  height,
  alt,
  caption,
  srcSet: seededSizes(stem, width, 'jpg'),
  webpSrcSet: seededSizes(stem, width, 'webp'),
});

/** One of the seeded page pictures (/media/pages/NAME.jpg, 1600 × 1067), with words for it. */
export const pagePicture = (name: string, alt: string, caption?: string): Picture =>
  seeded(`/media/pages/${name}`, 1600, 1067, alt, caption);
const product = (slug: string, alt: string, caption?: string): Picture =>
  seeded(`/media/products/${slug}`, 1000, 1000, alt, caption);

export const pictures = {
  hero: pagePicture('hero', 'A tall, loose arrangement of blush, apricot, coral and lilac flowers in a vase on the studio table'),
  bridalBouquet: pagePicture(
    'gallery-1',
    'A round bridal bouquet of white and blush flowers, its handle bound in ribbon',
    'A round bridal bouquet in white and blush, the stems bound in silk ribbon.',
  ),
  tableCentrepiece: pagePicture(
    'gallery-2',
    'A long, low table centrepiece between two taper candles, with greenery trailing along the table',
    'A long, low centrepiece between taper candles, greenery trailing along the table.',
  ),
  buttonhole: pagePicture(
    'gallery-3',
    'A buttonhole close up: one rose with a little foliage, tied with twine and held by a pin',
    'A single-rose buttonhole, tied with twine and finished with a pearl pin.',
  ),
  casketSpray: pagePicture(
    'gallery-4',
    'A long casket spray of white flowers and green foliage laid on a warm wooden coffin lid',
    'A casket spray of white flowers and soft greenery, made to lie along the lid.',
  ),
  wreathWorkshop: pagePicture(
    'gallery-5',
    'A natural wreath of foliage and small flowers on a workshop table beside scissors and twine',
    'A natural wreath finished at one of our workshop evenings.',
  ),
  vaseArrangement: pagePicture(
    'gallery-6',
    'A loose, airy arrangement standing in a tall glass vase',
    'A loose, airy arrangement in a tall glass vase.',
  ),
  peonyPosy: product(
    'peony-posy',
    'A posy of blush and shell-pink peonies with silver-dollar eucalyptus, wrapped in tissue',
    'Blush peonies and eucalyptus: our most asked-for bridesmaid posy in June.',
  ),
  gardenRoses: product(
    'garden-rose-hand-tie',
    'A hand-tied bunch of cream and dusky-pink garden roses with glossy dark leaves',
    'Cream and dusky-pink garden roses, scented and loosely tied.',
  ),
  bedminster: product(
    'the-bedminster',
    'The Bedminster hand-tie: coral ranunculus and apricot roses with soft sage foliage',
  ),
  wildflowerMeadow: product(
    'wildflower-meadow',
    'A wildflower bunch of blue cornflowers, yellow craspedia, ox-eye daisies and grasses in kraft paper',
  ),
  sunflowers: product('sunflower-bunch', 'Five big sunflowers tied with brown paper and twine'),
  whiteLilies: product(
    'white-lily-sympathy',
    'A sympathy bouquet of white lilies and white roses with deep green foliage',
    'White lilies and white roses with deep green foliage.',
  ),
  sympathyBasket: product(
    'sympathy-basket',
    'A low woven basket of white and soft lilac flowers',
    'A low basket of white and soft lilac flowers that needs no vase.',
  ),
  orchid: product(
    'potted-orchid',
    'A white phalaenopsis orchid in a glazed ceramic pot',
    'A white orchid in a glazed pot: a lasting gift that flowers for months.',
  ),
  budVase: product(
    'bud-vase',
    'A single stem in a small clear glass bud vase',
    'A single stem in a glass bud vase, for a bedside or a windowsill.',
  ),
} satisfies Record<string, Picture>;
