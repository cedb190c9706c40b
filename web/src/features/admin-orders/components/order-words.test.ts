import { describe, expect, it } from 'vitest';
import { paidHow } from './order-words';

describe('what paid for an order', () => {
  it('says the voucher’s part and the card’s, or nothing when no voucher paid', () => {
    const pounds = (wire: string) => `£${wire}`;
    expect(paidHow({ paid_by_voucher: '25.00', paid_by_card: '17.00' }, pounds)).toBe('£25.00 by gift voucher and £17.00 by card');
    expect(paidHow({ paid_by_voucher: '42.00', paid_by_card: '0.00' }, pounds)).toBe('£42.00 by gift voucher');
    expect(paidHow({ paid_by_voucher: '0.00', paid_by_card: '42.00' }, pounds)).toBeNull();
  });
});
