import type { Season } from '../components/season-tabs';
import { pictures } from './pictures';

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

export const seasons: readonly Season[] = [
  {
    name: 'Spring',
    months: 'March to May.',
    intro: 'Fresh, bright and a little wild: blossom on the branch and the first soft colours after winter.',
    flowers: [
      { name: 'Ranunculus', note: 'Layers of paper-thin petals in coral, peach and butter yellow.', swatch: '#f2a489' },
      { name: 'Tulips', note: 'Parrot and double tulips that keep moving and opening in the vase.', swatch: '#e7a4b8' },
      { name: 'Anemones', note: 'White petals with a dark inky centre; striking in a simple bouquet.', swatch: '#f4f1ea' },
      { name: 'Cherry blossom', note: 'Branches for arches and tall urns, in bloom for a few short weeks.', swatch: '#f6d3d6' },
    ],
  },
  {
    name: 'Summer',
    months: 'June to August.',
    intro: 'The garden at its fullest. Scent, big heads and the widest choice of the year.',
    flowers: [
      { name: 'Peonies', note: 'Blush and shell pink, opening into big, blowsy flowers. Best in June.', swatch: '#efb8bd' },
      { name: 'Garden roses', note: 'Scented, many-petalled roses in cream, apricot and dusky pink.', swatch: '#ecc3a8' },
      { name: 'Sweet peas', note: 'Ruffled and sweet-smelling; lovely loose in buttonholes and bud vases.', swatch: '#c9b3dc' },
      { name: 'Cornflowers', note: 'A clear, true blue, for something blue that is also something growing.', swatch: '#6f8fd0' },
    ],
  },
  {
    name: 'Autumn',
    months: 'September to November.',
    intro: 'Rich, warm colour and texture: golden light, deep reds and seed heads.',
    flowers: [
      { name: 'Dahlias', note: 'From small pompons to dinner-plate heads, in burgundy, apricot and café au lait.', swatch: '#b9495a' },
      { name: 'Antique hydrangeas', note: 'Faded to green, claret and dusty blue; they dry beautifully afterwards.', swatch: '#9fae9a' },
      { name: 'Rose hips', note: 'Glossy orange and red berries on the stem, for colour that lasts.', swatch: '#d4622f' },
      { name: 'Amaranthus', note: 'Trailing tassels that soften the edge of a bouquet or a mantelpiece.', swatch: '#8c3b4f' },
    ],
  },
  {
    name: 'Winter',
    months: 'December to February.',
    intro: 'Quiet and elegant: whites, deep reds and evergreens, with candlelight in mind.',
    flowers: [
      { name: 'Amaryllis', note: 'Tall, bold trumpets in white or deep red, for statement arrangements.', swatch: '#a2243a' },
      { name: 'Hellebores', note: 'Nodding Christmas roses in cream and plum; delicate and very wintry.', swatch: '#8d6a86' },
      { name: 'Paperwhites', note: 'Clusters of small white scented flowers, lovely in bouquets and bud vases.', swatch: '#f7f5ee' },
      { name: 'Eucalyptus and pine', note: 'Silvery and evergreen foliage that fills a garland and smells of the season.', swatch: '#7f9c8c' },
    ],
  },
];

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
