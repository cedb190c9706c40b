import { render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { mockSite } from '@/testing/site';
import WeddingsPage from './weddings';

describe('the weddings page', () => {
  // The page asks GET /api/site/ for the studio's facts (it used to be asked only after the
  // test had ended, while the call's module was still being transformed for this file).
  beforeEach(() => mockSite());

  it('has its title and description, services, four steps, seasons, a gallery, three testimonials and a contact link', async () => {
    render(<MemoryRouter><WeddingsPage /></MemoryRouter>);
    expect(screen.getByRole('heading', { level: 1, name: 'Weddings' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Weddings · Posy floral studio'));
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', expect.stringMatching(/^Wedding flowers from Posy/));

    expect(within(screen.getByRole('region', { name: 'What we make' })).getAllByRole('heading', { level: 3 }).length).toBeGreaterThanOrEqual(4);
    const steps = within(screen.getByRole('list', { name: 'Our wedding flow' })).getAllByRole('heading', { level: 3 });
    expect(steps.map((step) => step.textContent)).toEqual(['Say hello', 'Meet at the studio', 'Your proposal', 'The day']);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Spring', 'Summer', 'Autumn', 'Winter']);
    expect(within(screen.getByRole('list', { name: 'Wedding flowers' })).getAllByRole('button')).toHaveLength(6);
    expect(within(screen.getByRole('region', { name: 'Kind words' })).getAllByRole('figure')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Get in touch' })).toHaveAttribute('href', '/contact');
  });
});
