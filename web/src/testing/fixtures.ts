import type { Cart, CartItem, DeliverySettings, Product } from '@/lib/api-client';
import type { CartCodes } from '@/components/codes/codes-api';

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
  lead_days: 0,
  image_srcset: null,
  image_webp_srcset: null,
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
  lead_days: 0,
  image_srcset: null,
  image_webp_srcset: null,
};

/** A sold-out product without a picture. */
export const christmasWreath: Product = {
  id: 3,
  name: 'Christmas Wreath',
  // No picture: the server sends `"image": null`.
  image: null,
  description: 'Spruce, holly and dried orange.',
  category_name: 'Seasonal',
  price: '48.00',
  stock: 0,
  has_variations: false,
  price_range: { min: '48.00', max: '48.00' },
  variations: [],
  // Made to order.
  lead_days: 2,
  image_srcset: null,
  image_webp_srcset: null,
};

export const catalogue: Product[] = [peonyPosy, wildflowers, christmasWreath];

/** An empty cart as GET /api/cart/ answers it. */
export function emptyCart(id = 'cart-0001'): Cart {
  return { id, items: [], total: '0.00', lead_days: 0 };
}

/** A line of a cart: Peony Posy in Classic unless told otherwise. */
export function cartLine(overrides: Partial<CartItem> = {}): CartItem {
  const quantity = overrides.quantity ?? 2;
  const price = overrides.product_details?.price ?? '45.00';
  return {
    id: 101,
    product_id: peonyPosy.id,
    variation_id: 12,
    quantity,
    product_details: { name: 'Peony Posy', image: '/media/products/peony-posy.jpg', price },
    variation_details: { size: 'Classic', price },
    line_total: (Number(price) * quantity).toFixed(2),
    available: { status: 'on_sale', message: null },
    ...overrides,
  };
}

/** A cart holding these lines, its total added up the way the server does. */
export function cartWith(lines: CartItem[], id = 'cart-0001', leadDays = 0): Cart {
  const total = lines.reduce((sum, line) => sum + Number(line.line_total), 0);
  return { id, items: lines, total: total.toFixed(2), lead_days: leadDays };
}

/** Two Classic Peony Posies and one Wildflower Meadow (no size). */
export const twoLineCart: Cart = cartWith([
  cartLine(),
  cartLine({
    id: 102,
    product_id: wildflowers.id,
    variation_id: null,
    quantity: 1,
    product_details: { name: 'Wildflower Meadow', image: 'products/wildflower-meadow.jpg', price: '1234.50' },
    variation_details: null,
    line_total: '1234.50',
  }),
]);

/** The demo studio's delivery settings, as GET /api/delivery/ gives them. */
export const demoDelivery: DeliverySettings = {
  "booking_horizon_days": 90,
  "closed_every_year": [
    {
      "day": "12-25",
      "reason": "Christmas"
    },
    {
      "day": "12-26",
      "reason": "Christmas"
    },
    {
      "day": "01-01",
      "reason": "New Year's Day"
    }
  ],
  "closed_on": [],
  "collection_capacity": null,
  "collection_notice_minutes": 60,
  "free_delivery_from": "60.00",
  "opening_hours": {
    "friday": {
      "close": "18:00",
      "open": "07:30"
    },
    "monday": {
      "close": "18:00",
      "open": "07:30"
    },
    "saturday": {
      "close": "16:00",
      "open": "08:00"
    },
    "sunday": null,
    "thursday": {
      "close": "18:00",
      "open": "07:30"
    },
    "tuesday": {
      "close": "18:00",
      "open": "07:30"
    },
    "wednesday": {
      "close": "18:00",
      "open": "07:30"
    }
  },
  "same_day_collection_minutes_before_close": 120,
  "same_day_delivery_cut_off": "12:00",
  "slots": [
    {
      "capacity": null,
      "end": "13:00",
      "name": "Morning",
      "same_day": false,
      "start": "09:00",
      "surcharge": "3.00"
    },
    {
      "capacity": null,
      "end": "18:00",
      "name": "Afternoon",
      "same_day": true,
      "start": "13:00",
      "surcharge": "0.00"
    }
  ],
  "studio_district": "BS14",
  "zones": [
    {
      "districts": [
        "BS3",
        "BS4",
        "BS13",
        "BS14",
        "BS31"
      ],
      "fee": "5.00",
      "name": "Near the studio"
    },
    {
      "districts": [
        "BS1",
        "BS2",
        "BS5",
        "BS6",
        "BS7",
        "BS8",
        "BS9",
        "BS10",
        "BS11",
        "BS15",
        "BS16",
        "BS20",
        "BS30",
        "BS32",
        "BS34",
        "BS35",
        "BS36",
        "BS37",
        "BS39",
        "BS40",
        "BS41"
      ],
      "fee": "8.00",
      "name": "Bristol"
    }
  ]
};

/** GET /api/cart/codes/ for a cart with no voucher or offer on it: its items, nothing taken off. */
export function noCodes(cart: Cart): CartCodes {
  return {
    voucher: null,
    offer: null,
    problems: [],
    items: cart.total,
    delivery: '0.00',
    surcharge: '0.00',
    discount: '0.00',
    total: cart.total,
    paid_by_voucher: '0.00',
    to_pay: cart.total,
    lines: cart.items.map((item) => ({ product: item.product_id, shelf: null, total: item.line_total })),
  };
}
