import { pictures } from './pictures';

export const homeMeta = {
  title: 'Posy · floral studio in South Bristol',
  description:
    'Posy is a small floral studio in South Bristol: seasonal bouquets delivered across Bristol or collected from BS14, wedding and funeral flowers, and wreath-making workshops.',
};

/** The home page's six pictures, opened in the lightbox. */
export const homeGallery = [
  pictures.bridalBouquet,
  pictures.tableCentrepiece,
  pictures.buttonhole,
  pictures.gardenRoses,
  pictures.vaseArrangement,
  pictures.casketSpray,
];
