import { pictures } from './pictures';

export const funeralsMeta = {
  title: 'Funerals',
  description:
    'Funeral and sympathy flowers from Posy in South Bristol: casket sprays, standing sprays, sympathy bouquets and memorial tributes, made with care and delivered to funeral directors across Bristol.',
};

export const funeralServices = [
  {
    title: 'Casket sprays',
    text: 'A long spray made to lie along the lid, in the flowers and colours that suit the person: all white and green, a garden of their favourites, or one flower they loved. For a single or a double-ended spray, we work to the length of the coffin.',
  },
  {
    title: 'Standing sprays',
    text: 'A tall, full spray on an easel for the service or the wake, seen from across the room. Good for families who would like the flowers to stand near a photograph, and easy for the funeral director to carry.',
  },
  {
    title: 'Sympathy bouquets',
    text: 'For the family at home: white lilies and roses, a soft seasonal mix, or a basket that needs no vase and nothing doing. We write your card by hand, and if you ring in the morning we can often deliver the same day.',
  },
  {
    title: 'Memorial tributes',
    text: 'Wreaths, hearts, posy pads and cushions, and lettering such as MUM, DAD or a name, in any colour. We can also make a small posy to lay at a grave on an anniversary, or an orchid to keep.',
  },
] as const;

export const funeralSteps = [
  {
    title: 'Call or write',
    text: 'Tell us the date of the funeral, the funeral director, and anything you know about the person and the flowers they liked. There is no need to have it all decided.',
  },
  {
    title: 'We suggest and price',
    text: 'We suggest what we think would suit, with a clear price, and change it as often as you need. Nothing is made until you are happy.',
  },
  {
    title: 'We deliver',
    text: 'We make the flowers the day before and take them to the funeral director, the church or the house. We work with funeral directors all across Bristol.',
  },
] as const;

export const funeralGallery = [
  pictures.casketSpray,
  pictures.whiteLilies,
  pictures.sympathyBasket,
  pictures.orchid,
  pictures.vaseArrangement,
  pictures.budVase,
];
