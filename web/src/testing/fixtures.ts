import type { Product } from '@/lib/api-client';

/** A product with sizes whose first size is sold out. */
export const peonyPosy: Product = {
  id: 1,
  name: 'Peony Posy',
  image: '/media/products/peony-posy.jpg',
  description: 'Blush peonies with garden roses and eucalyptus.',
  category_name: 'Bouquets',
  price: '35.00',
  stock: 6,
  has_variations: true,
  price_range: { min: '35.00', max: '60.00' },
  variations: [
    { id: 11, size: 'Petite', price: '35.00', stock: 0 },
    { id: 12, size: 'Classic', price: '45.00', stock: 4 },
    { id: 13, size: 'Grand', price: '60.00', stock: 2 },
  ],
};

/** A product without sizes, plenty in stock. */
export const wildflowers: Product = {
  id: 2,
  name: 'Wildflower Meadow',
  image: 'products/wildflower-meadow.jpg',
  description: 'Cornflowers, scabious and chamomile.',
  category_name: 'Bouquets',
  price: '1234.50',
  stock: 25,
  has_variations: false,
  price_range: { min: '1234.50', max: '1234.50' },
  variations: [],
};

/** A sold-out product without a picture. */
export const christmasWreath: Product = {
  id: 3,
  name: 'Christmas Wreath',
  // No picture: the server sends `"image": null`, which the schema describes as an absent field.
  description: 'Spruce, holly and dried orange.',
  category_name: 'Seasonal',
  price: '48.00',
  stock: 0,
  has_variations: false,
  price_range: { min: '48.00', max: '48.00' },
  variations: [],
};

export const catalogue: Product[] = [peonyPosy, wildflowers, christmasWreath];
