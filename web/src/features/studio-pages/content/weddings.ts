import type { Season } from '../components/season-tabs';
import { pictures } from './pictures';
import weddingSeasons from './wedding-seasons.json';

export const weddingsMeta = {
  title: 'Weddings',
  description:
    'Wedding flowers from Posy, a small floral studio in South Bristol: bridal bouquets, buttonholes, ceremony and table flowers, planned with you and made with seasonal stems.',
};

export const weddingServices = [
  {
    title: 'Bridal bouquets',
    text: 'Round and neat, loose and trailing, or a single armful of one flower. We shape it to you, your dress and the way you walk.',
  },
  {
    title: 'Bridesmaids and flower girls',
    text: 'Smaller posies that echo the bouquet, flower crowns, and little baskets of petals for the aisle.',
  },
  {
    title: 'Buttonholes and corsages',
    text: 'Made the morning of the day, boxed and labelled with each name, with pins for whoever is doing the fixing.',
  },
  {
    title: 'Ceremony flowers',
    text: 'Arches, aisle meadows, pedestals and urns. We set up before the guests arrive and can move pieces on to the reception.',
  },
  {
    title: 'Tables and reception',
    text: 'Long, low garlands, bud vases in clusters, centrepieces between candles, and flowers for the cake.',
  },
  {
    title: 'Set-up and clearing',
    text: 'We deliver across Bristol and the villages around it, set up on the day and come back to clear so you do not have to.',
  },
] as const;

export const weddingSteps = [
  {
    title: 'Say hello',
    text: 'Tell us your date, your venue and roughly how many guests. We check we are free and reply within two working days.',
  },
  {
    title: 'Meet at the studio',
    text: 'Come to the studio in BS14 for an hour and a pot of tea. Bring pictures, fabric swatches, anything you love; we bring flowers in season to hold.',
  },
  {
    title: 'Your proposal',
    text: 'A week later you have a written proposal with every piece, a clear price and a mood board. A 25% deposit holds your date; change anything until a month before.',
  },
  {
    title: 'The day',
    text: 'We buy the flowers fresh that week, make everything in the studio, and deliver and set up on the morning. All you have to do is carry the bouquet.',
  },
] as const;

/** What each season brings to a wedding: text only, so it is kept as data (wedding-seasons.json). */
export const seasons: readonly Season[] = weddingSeasons;

export const weddingGallery = [
  pictures.bridalBouquet,
  pictures.tableCentrepiece,
  pictures.buttonhole,
  pictures.peonyPosy,
  pictures.gardenRoses,
  pictures.vaseArrangement,
];

export const testimonials = [
  {
    quote:
      'We gave Posy a handful of photos and a colour, and they understood straight away. The bouquet was even lovelier than we had pictured, and the buttonholes arrived boxed with our names on.',
    who: 'Hannah and Tom',
    where: 'Ashton Court, June',
  },
  {
    quote:
      'Our venue was a barn with a lot of beams and not much else. By the afternoon it was full of dahlias and hops, and they had cleared it all by the morning. Calm, kind and completely organised.',
    who: 'Priya and Sam',
    where: 'a barn in Chew Valley, September',
  },
  {
    quote:
      'A small registry wedding in December, and they treated it as if it were the biggest of the year. The hellebores and white amaryllis were perfect, and Mum still has her corsage dried on the shelf.',
    who: 'Ellie and Marcus',
    where: 'Bristol Register Office, December',
  },
] as const;
