import { describe, expect, it } from 'vitest';
import { enquiryFromSearch, fieldSentences } from './enquiry';

describe('a link to the contact form', () => {
  it('names the workshop and chooses an event enquiry', () => {
    const form = enquiryFromSearch(new URLSearchParams('type=event&workshop=Christmas%20wreath%20making'));
    expect(form.enquiryType).toBe('event');
    expect(form.message).toBe('Hello, I would like to book a place on the Christmas wreath making workshop. ');
    expect(form.name).toBe('');
  });

  it('adds the day when the link gives it', () => {
    const form = enquiryFromSearch(
      new URLSearchParams({ type: 'event', workshop: 'Christmas wreath making', date: 'Saturday 5 December 2026' }),
    );
    expect(form.message).toContain('Christmas wreath making workshop on Saturday 5 December 2026');
  });

  it('ignores a type the form does not offer', () => {
    expect(enquiryFromSearch(new URLSearchParams('type=party')).enquiryType).toBe('');
    expect(enquiryFromSearch(new URLSearchParams('type=wedding')).enquiryType).toBe('wedding');
    expect(enquiryFromSearch(new URLSearchParams('')).message).toBe('');
  });
});

describe('field messages', () => {
  it('say in plain words what a required field needs, and pass other sentences on', () => {
    expect(fieldSentences({ name: 'This field is required.', email: 'Please enter an email address like name@example.com.' })).toEqual({
      name: 'Please tell us your name.',
      email: 'Please enter an email address like name@example.com.',
    });
  });
});
