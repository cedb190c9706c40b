import { describe, expect, it } from 'vitest';
import { counted } from './words';

describe('counted', () => {
  it('says one without an s, and every other count with it', () => {
    expect(counted(1, 'order')).toBe('1 order');
    expect(counted(0, 'order')).toBe('0 orders');
    expect(counted(2, 'order')).toBe('2 orders');
  });

  it('takes the plural when an s is wrong', () => {
    expect(counted(1, 'delivery', 'deliveries')).toBe('1 delivery');
    expect(counted(3, 'delivery', 'deliveries')).toBe('3 deliveries');
  });
});
