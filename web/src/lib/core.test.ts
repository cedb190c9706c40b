import { describe, expect, it } from 'vitest';
import * as core from './core';

// These run the real Rust core, compiled to WebAssembly: the wrappers must pass values through
// faithfully. The rules themselves are tested in Rust.
describe('the core, as the web app sees it', () => {
  it('formats wire prices as pounds', () => {
    expect(core.formatMoney('45.00')).toBe('£45.00');
    expect(core.formatMoney('1234.50')).toBe('£1,234.50');
    expect(() => core.formatMoney('forty-five')).toThrow();
    expect(() => core.formatMoney('45.678')).toThrow();
  });

  it('formats a price range, or one price when both ends agree', () => {
    expect(core.formatPriceRange('45.00', '45.00')).toBe('£45.00');
    expect(core.formatPriceRange('35.00', '60.00')).toBe('£35.00 – £60.00');
  });

  it('offers quantities as plain arrays', () => {
    expect(core.quantityOptions(3)).toEqual([1, 2, 3]);
    expect(core.quantityOptions(40)).toHaveLength(10);
    expect(core.quantityOptions(0)).toEqual([]);
    expect(core.quantityOptions(-2)).toEqual([]);
    expect(core.cartQuantityOptions()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(core.defaultQuantity()).toBe(1);
    expect(core.maxQuantity()).toBe(10);
  });

  it('totals lines', () => {
    expect(core.cartTotal([])).toBe('0.00');
    expect(core.cartTotal([{ price: '45.00', quantity: 2 }, { price: '0.10', quantity: 3 }])).toBe('90.30');
    expect(core.totalQuantity([{ quantity: 2 }, { quantity: 3 }])).toBe(5);
  });

  it('gives the spec’s message for a checkout with missing fields', () => {
    const failure = core.validateCheckout({
      email: '',
      firstName: '',
      lastName: 'Rose',
      address: '1 Wells Road',
      city: 'Bristol',
      postcode: 'BS14 9AB',
      phone: '0117 496 0123',
    });
    expect(failure?.error).toBe('Please fill in all required fields: Email, First name');
    expect(Object.keys(failure?.fields ?? {}).sort()).toEqual(['email', 'firstName']);
  });

  it('rewrites media paths and knows the placeholder', () => {
    expect(core.mediaUrl('albums/a.jpg', '')).toBe('/media/albums/a.jpg');
    expect(core.mediaUrl(null)).toBe('/placeholder.svg');
    expect(core.placeholderImage()).toBe('/placeholder.svg');
  });
});
