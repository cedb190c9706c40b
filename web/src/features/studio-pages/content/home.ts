import { pictures } from './pictures';

export const homeMeta = {
  title: 'Posy · floral studio in South Bristol',
  description:
    'Posy is a small floral studio in South Bristol: seasonal bouquets delivered across Bristol or collected from BS14, wedding and funeral flowers, and wreath-making workshops.',
};

/** Three bouquets from the shop, shown as a taster (the shop itself has prices and sizes). */
export const shopTeaser = [
  { name: 'Peony Posy', picture: pictures.peonyPosy },
  { name: 'The Bedminster', picture: pictures.bedminster },
  { name: 'Wildflower Meadow Bouquet', picture: pictures.wildflowerMeadow },
];

/** The home page's six pictures, opened in the lightbox. */
export const homeGallery = [
  pictures.bridalBouquet,
  pictures.tableCentrepiece,
  pictures.buttonhole,
  pictures.gardenRoses,
  pictures.vaseArrangement,
  pictures.casketSpray,
];
