import { render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { mockSite } from '@/testing/site';
import FuneralsPage from './funerals';

describe('the funerals page', () => {
  // The studio's number and hours come from GET /api/site/.
  beforeEach(() => mockSite());

  it('has its title and description, the four memorial services, a six-picture gallery and contact links', async () => {
    render(<MemoryRouter><FuneralsPage /></MemoryRouter>);
    expect(screen.getByRole('heading', { level: 1, name: 'Funerals' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Funerals · Posy floral studio'));
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', expect.stringMatching(/^Funeral and sympathy flowers/));

    const services = within(screen.getByRole('region', { name: 'Flowers we make' })).getAllByRole('heading', { level: 3 });
    expect(services.map((heading) => heading.textContent)).toEqual([
      'Casket sprays',
      'Standing sprays',
      'Sympathy bouquets',
      'Memorial tributes',
    ]);
    const gallery = within(screen.getByRole('list', { name: 'Funeral and sympathy flowers' })).getAllByRole('button');
    expect(gallery).toHaveLength(6);
    for (const picture of screen.getAllByRole('img')) expect(picture.getAttribute('alt')?.length).toBeGreaterThan(10);

    expect(screen.getByRole('link', { name: 'Send us a message' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: 'write to us' })).toHaveAttribute('href', '/contact');
    expect(await screen.findByRole('link', { name: 'Call 0117 496 0123' })).toHaveAttribute('href', 'tel:+441174960123');
    expect(screen.getByRole('link', { name: '0117 496 0123' })).toHaveAttribute('href', 'tel:+441174960123');
    expect(screen.getByText(/Call the studio \(Monday to Friday 07:30–18:00 and Saturday 08:00–16:00\)/)).toBeInTheDocument();
  });

  it('puts the previous description back when the page goes', () => {
    const before = document.head.querySelector('meta[name="description"]')?.getAttribute('content') ?? null;
    const { unmount } = render(<MemoryRouter><FuneralsPage /></MemoryRouter>);
    unmount();
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content') ?? null).toBe(before);
  });
});
