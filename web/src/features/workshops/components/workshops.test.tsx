import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockApi, never } from '@/testing/mock-api';
import type { Workshop } from '../api/get-workshops';
import { PastWorkshops } from './past-workshops';
import { WorkshopList } from './workshop-list';

const wreaths: Workshop = {
  id: 1,
  title: 'Christmas wreath making',
  description: 'Make a door wreath from spruce, eucalyptus and dried orange, with mulled apple juice and mince pies.',
  date: '2026-12-05',
  time: '10:00–13:00',
  price: '45.00',
  deposit: '20.00',
  balance: '25.00',
  balance_due: '2026-11-20',
  spots_left: 4,
  spots_text: '4 spots left',
  image: '/media/products/christmas-door-wreath.jpg',
  slug: 'christmas-wreath-making',
  what_to_bring: '',
  start_time: '10:00',
  end_time: '13:00',
  place: 'Unit 4, Whitchurch Lane, Bristol BS14 8SJ',
  balance_due_text: 'November 20th',
  pay_now: '20.00',
  pays_deposit: true,
  seats: 4,
  fully_booked: false,
  max_seats: 4,
  cancellation: 'default',
  cancellation_text: 'You can cancel until November 20th.',
  asks_phone: true,
  asks_note: true,
  note_label: 'Allergies or access needs (optional)',
  note_why: 'We ask so we can keep you safe on the day.',
};

function renderList(answer: () => Response | Promise<Response>) {
  mockApi.on('GET', '/api/workshops/', answer);
  return render(
    <MemoryRouter>
      <WorkshopList />
    </MemoryRouter>,
  );
}

describe('the workshop list', () => {
  it('says it is loading while the workshops are on their way', () => {
    renderList(never);
    expect(screen.getByRole('status')).toHaveTextContent('Finding the next workshops');
  });

  it('shows the card: title, the day, the prices and the balance due by November 20th', async () => {
    renderList(() => json([wreaths]));
    const card = await screen.findByRole('article', { name: 'Christmas wreath making' });
    expect(card).toHaveTextContent('Saturday 5 December 2026');
    expect(card).toHaveTextContent('10:00–13:00');
    expect(card).toHaveTextContent('£45.00');
    expect(card).toHaveTextContent('£20.00');
    expect(within(card).getByText('November 20th')).toBeInTheDocument();
    expect(card).toHaveTextContent('£25.00 due by November 20th');
    expect(card).toHaveTextContent('4 spots left');
  });

  it('leads Book to the contact form as an event enquiry naming the workshop', async () => {
    renderList(() => json([wreaths]));
    const book = await screen.findByRole('link', { name: /^Book a place/ });
    const url = new URL(book.getAttribute('href')!, 'http://posy.test');
    expect(url.pathname).toBe('/contact');
    expect(url.searchParams.get('type')).toBe('event');
    expect(url.searchParams.get('workshop')).toBe('Christmas wreath making');
    expect(screen.queryByRole('button', { name: 'Fully Booked' })).not.toBeInTheDocument();
  });

  it('disables Book and says Fully Booked when the spots text is "0 spots left"', async () => {
    renderList(() => json([{ ...wreaths, spots_left: 0, spots_text: '0 spots left' }]));
    const button = await screen.findByRole('button', { name: 'Fully Booked' });
    expect(button).toBeDisabled();
    expect(button.textContent).toBe('Fully Booked');
    expect(screen.queryByRole('link', { name: /^Book/ })).not.toBeInTheDocument();
  });

  it('keeps Book open for the last spot', async () => {
    renderList(() => json([{ ...wreaths, spots_left: 1, spots_text: '1 spot left' }]));
    expect(await screen.findByRole('link', { name: /^Book a place/ })).toBeInTheDocument();
    expect(screen.getByText('1 spot left')).toBeInTheDocument();
  });

  it('says so when there are none, with a way to ask', async () => {
    renderList(() => json([]));
    expect(await screen.findByText('No workshops are booked in just now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send us a message' })).toHaveAttribute('href', '/contact?type=event');
  });

  it('says what happened when they cannot be loaded, and tries again', async () => {
    let calls = 0;
    renderList(() => (++calls === 1 ? json({ error: 'Down.' }, 500) : json([wreaths])));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the workshops just now.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Christmas wreath making' })).toBeInTheDocument();
  });
});

describe('the past-workshop gallery', () => {
  it('shows six pictures, each with its words, that open the lightbox', () => {
    render(<PastWorkshops />);
    const gallery = screen.getByRole('list', { name: 'Pictures from past workshops' });
    const buttons = within(gallery).getAllByRole('button');
    expect(buttons).toHaveLength(6);
    for (const button of buttons) {
      expect(button).toHaveAttribute('aria-haspopup', 'dialog');
      const image = within(button).getByRole('img');
      expect(image.getAttribute('alt')).toBeTruthy();
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).toHaveAttribute('width', '1600');
      expect(image).toHaveAttribute('height', '1067');
    }
  });
});
