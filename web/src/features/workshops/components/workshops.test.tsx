import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, mockApi, never } from '@/testing/mock-api';
import { fullWorkshop, wreaths } from '@/testing/workshops';
import { PastWorkshops } from './past-workshops';
import { WorkshopDetails } from './workshop-details';
import { WorkshopList } from './workshop-list';

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
    expect(card).toHaveTextContent('Saturday 4 December 2027');
    expect(card).toHaveTextContent('10:00–13:00');
    expect(card).toHaveTextContent('£45.00');
    expect(card).toHaveTextContent('£20.00');
    expect(within(card).getByText('November 20th')).toBeInTheDocument();
    expect(card).toHaveTextContent('£25.00 due by November 20th');
    expect(card).toHaveTextContent('4 spots left');
    expect(within(card).getByRole('link', { name: 'Christmas wreath making' })).toHaveAttribute('href', '/workshops/christmas-wreath-making');
  });

  it('offers the card’s picture in its sizes, WebP first, with its room kept before it loads', async () => {
    const { container } = renderList(() => json([wreaths]));
    await screen.findByRole('article', { name: 'Christmas wreath making' });
    const img = container.querySelector('.workshop-card__picture img')!;
    expect(img).toHaveAttribute('srcset', wreaths.image_srcset);
    expect(img).toHaveAttribute('width', '1000');
    expect(img).toHaveAttribute('height', '1000');
    expect(img).toHaveAttribute('alt', '');
    expect(container.querySelector('.workshop-card__picture source[type="image/webp"]')).toHaveAttribute('srcset', wreaths.image_webp_srcset);
  });

  it('shows the studio’s table of flowers, in one size, for a workshop without a picture', async () => {
    const { container } = renderList(() => json([{ ...wreaths, image: null, image_srcset: null, image_webp_srcset: null }]));
    await screen.findByRole('article', { name: 'Christmas wreath making' });
    const img = container.querySelector('.workshop-card__picture img')!;
    expect(img.getAttribute('src')).toMatch(/gallery-5\.jpg$/);
    expect(img).not.toHaveAttribute('srcset');
  });

  it('leads Book to the workshop’s booking form', async () => {
    renderList(() => json([wreaths]));
    const book = await screen.findByRole('link', { name: 'Book a place on Christmas wreath making' });
    expect(book).toHaveAttribute('href', '/workshops/christmas-wreath-making/book');
    expect(screen.queryByRole('button', { name: 'Fully Booked' })).not.toBeInTheDocument();
  });

  it('disables Book and says Fully Booked when the spots text is "0 spots left", with the waiting list beside it', async () => {
    renderList(() => json([fullWorkshop]));
    const button = await screen.findByRole('button', { name: 'Fully Booked' });
    expect(button).toBeDisabled();
    expect(button.textContent).toBe('Fully Booked');
    expect(screen.queryByRole('link', { name: /^Book/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join the waiting list for Spring posy workshop' })).toHaveAttribute(
      'href',
      '/workshops/spring-posy-workshop/waiting-list',
    );
  });

  it('keeps Book open for the last spot', async () => {
    renderList(() => json([{ ...wreaths, spots_left: 1, spots_text: '1 spot left', max_seats: 1 }]));
    expect(await screen.findByRole('link', { name: /^Book a place/ })).toBeInTheDocument();
    expect(screen.getByText('1 spot left')).toBeInTheDocument();
  });

  it('shows only the price when a booking today pays in full', async () => {
    renderList(() => json([{ ...wreaths, pays_deposit: false, pay_now: '45.00' }]));
    const card = await screen.findByRole('article', { name: 'Christmas wreath making' });
    expect(card).toHaveTextContent('£45.00 paid in full when you book');
    expect(card).not.toHaveTextContent('Deposit');
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

describe('a workshop’s own page', () => {
  it('says when, where, what it costs, what to bring and the cancellation rule in words', () => {
    render(
      <MemoryRouter>
        <WorkshopDetails workshop={wreaths} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Christmas wreath making' })).toBeInTheDocument();
    const page = screen.getByRole('article');
    expect(page).toHaveTextContent('Saturday 4 December 2027');
    expect(page).toHaveTextContent('10:00 to 13:00');
    expect(page).toHaveTextContent('The studio, 12 Wells Road');
    expect(page).toHaveTextContent('£25.00 due by November 20th');
    expect(screen.getByRole('region', { name: 'What to bring' })).toHaveTextContent('Gardening gloves');
    expect(screen.getByRole('region', { name: 'If you cannot come' })).toHaveTextContent('pass your seat to a friend');
    expect(page).toHaveTextContent('4 spots left');
    expect(screen.getByRole('link', { name: 'Book a place on Christmas wreath making' })).toBeInTheDocument();
  });

  it('keeps Book disabled reading Fully Booked for a full workshop, with the waiting list beside it', () => {
    render(
      <MemoryRouter>
        <WorkshopDetails workshop={fullWorkshop} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Fully Booked' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Join the waiting list for Spring posy workshop' })).toBeInTheDocument();
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
