// The workshops the tests show: the spec's wreath workshop (a deposit still applies) and a full
// one, and one seat booked on the wreath workshop with its deposit paid.
import type { Workshop } from '@/features/workshops/api/get-workshops';

export const wreaths: Workshop = {
  id: 1,
  slug: 'christmas-wreath-making',
  title: 'Christmas wreath making',
  description: 'Make a door wreath from spruce, eucalyptus and dried orange, with mulled apple juice and mince pies.',
  what_to_bring: 'Gardening gloves if you have them, and a bag to carry your wreath home.',
  date: '2027-12-04',
  time: '10:00–13:00',
  start_time: '10:00',
  end_time: '13:00',
  place: 'The studio, 12 Wells Road, Bristol BS14 9AB',
  price: '45.00',
  deposit: '20.00',
  balance: '25.00',
  balance_due: '2027-11-20',
  balance_due_text: 'November 20th',
  pay_now: '20.00',
  pays_deposit: true,
  seats: 10,
  spots_left: 4,
  spots_text: '4 spots left',
  fully_booked: false,
  max_seats: 4,
  cancellation: 'default',
  cancellation_text:
    'You can cancel until 20 November 2027: we will move your deposit to another workshop or give it back. After that nothing is refunded, but you can pass your seat to a friend.',
  asks_phone: true,
  asks_note: true,
  note_label: 'Allergies or access needs (optional)',
  note_why: 'We ask so we can keep you safe on the day. We keep this note only until 30 days after the workshop.',
  image: '/media/products/christmas-door-wreath.jpg',
  image_srcset: '/media/products/christmas-door-wreath-480.jpg 480w, /media/products/christmas-door-wreath-960.jpg 960w, /media/products/christmas-door-wreath.jpg 1000w',
  image_webp_srcset:
    '/media/products/christmas-door-wreath-480.webp 480w, /media/products/christmas-door-wreath-960.webp 960w, /media/products/christmas-door-wreath.webp 1000w',
};

/** A workshop with no spots left: Fully Booked and the waiting list. */
export const fullWorkshop: Workshop = {
  ...wreaths,
  id: 2,
  slug: 'spring-posy-workshop',
  title: 'Spring posy workshop',
  date: '2027-04-10',
  spots_left: 0,
  spots_text: '0 spots left',
  fully_booked: true,
  max_seats: 0,
};

/** One seat on the wreath workshop, its £20.00 deposit paid: what its confirmation and its link both say. */
export const wreathSeatBooked = {
  workshop: wreaths.title,
  slug: wreaths.slug,
  date: wreaths.date,
  time: wreaths.time,
  seats: 1,
  paid: '20.00',
  balance: '25.00',
  balance_due: '2027-11-20',
};
