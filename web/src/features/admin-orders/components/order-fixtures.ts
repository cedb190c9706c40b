// Orders as the API gives them, for the orders pages' tests.
import { deliveryOnTheWire } from '@/testing/checkout';
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
    lines: [{ name: 'Peony Posy', quantity: 1, refunded_quantity: 0 }],
    total: '50.00',
    refunded: '0.00',
    net_total: '50.00',
    placed_at: '2026-12-13T18:00:00Z',
    overdue: false,
    refund_pending: false,
    payment_alerts: [],
    studio_order: false,
    studio_closed: null,
    next: { status: 'confirmed', label: 'Confirmed', mails_customer: true },
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
    fulfilment: deliveryOnTheWire,
    items: [
      { id: 1, name: 'Peony Posy (Large)', quantity: 2, unit_price: '45.00', line_total: '90.00', refunded_quantity: 0 },
      { id: 2, name: 'Bud Vase', quantity: 1, unit_price: '12.50', line_total: '12.50', refunded_quantity: 1 },
    ],
    delivery_fee: '5.00',
    surcharge: '3.00',
    delivery_left: '8.00',
    total: '110.50',
    net_total: '98.00',
    studio_closed: null,
    payment: {
      paid_by: 'card', reference: 'pi_123', note: null, taken_by: null, total: '110.50', refunded: '12.50',
      paid_by_voucher: '0.00', paid_by_card: '110.50', discount: '0.00', offer_code: null, voucher_id: null,
      refunded_to_voucher: '0.00',
    },
    history: [{ status: 'new', label: 'New', by: 'shop', at: '2026-12-13T18:05:00Z', note: null }],
    changes: [],
    notes: [],
    version: 0,
    refunds: [],
    payment_alerts: [],
    moves: {
      next: { status: 'confirmed', label: 'Confirmed', mails_customer: true },
      later: [
        { status: 'ready', label: 'Ready', mails_customer: false },
        { status: 'out_for_delivery', label: 'Out for delivery', mails_customer: true },
        { status: 'delivered', label: 'Delivered', mails_customer: true },
      ],
      back: null,
    },
    can_refund: true,
    can_cancel: true,
    ...overrides,
  };
}
