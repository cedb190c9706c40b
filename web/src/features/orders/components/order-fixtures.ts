// Orders as the API gives them, for the orders pages' tests.
import type { OrderDetail, OrderLine } from '../api/orders-api';

export function orderLine(id: number, overrides: Partial<OrderLine> = {}): OrderLine {
  return {
    id,
    reference: `FS-${String(id).padStart(6, '0')}`,
    status: 'new',
    status_label: 'New',
    method: 'delivery',
    date: '2026-12-14',
    when: 'Afternoon',
    customer: 'Jo Bloom',
    recipient: 'Ada Rose',
    postcode: 'BS3 1AA',
    items: '1 × Peony Posy',
    total: '50.00',
    placed_at: '2026-12-13T18:00:00Z',
    overdue: false,
    refund_pending: false,
    studio_order: false,
    ...overrides,
  };
}

export function orderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    id: 7,
    reference: 'FS-000007',
    status: 'new',
    status_label: 'New',
    overdue: false,
    placed_at: '2026-12-13T18:05:00Z',
    first_name: 'Jo',
    last_name: 'Bloom',
    email: 'jo@example.com',
    phone: '0117 496 0123',
    address: '12 Wells Road',
    city: 'Bristol',
    postcode: 'BS14 9AB',
    check_details: false,
    fulfilment: {
      method: 'delivery',
      date: '2026-12-15',
      day: 'Tuesday 15 December',
      slot: 'Morning',
      collection_time: '',
      recipient_name: 'Ada Rose',
      recipient_phone: '07700 900123',
      address_line1: '3 Hill Street',
      address_line2: '',
      city: 'Bristol',
      postcode: 'BS3 1AA',
      instructions: 'Blue door',
      card_message: 'Happy birthday, Ada!',
      card_from: 'Jo',
    },
    items: [
      { id: 1, name: 'Peony Posy (Large)', quantity: 2, unit_price: '45.00', line_total: '90.00', refunded_quantity: 0 },
      { id: 2, name: 'Bud Vase', quantity: 1, unit_price: '12.50', line_total: '12.50', refunded_quantity: 1 },
    ],
    delivery_fee: '5.00',
    surcharge: '3.00',
    delivery_left: '8.00',
    total: '110.50',
    payment: { paid_by: 'card', reference: 'pi_123', note: null, taken_by: null, total: '110.50', refunded: '12.50' },
    history: [{ status: 'new', label: 'New', by: 'shop', at: '2026-12-13T18:05:00Z', note: null }],
    refunds: [],
    moves: {
      next: { status: 'confirmed', label: 'Confirmed' },
      later: [
        { status: 'ready', label: 'Ready' },
        { status: 'out_for_delivery', label: 'Out for delivery' },
        { status: 'delivered', label: 'Delivered' },
      ],
      back: null,
    },
    can_refund: true,
    can_cancel: true,
    ...overrides,
  };
}
