import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { studio } from '@/config/studio';
import { Footer } from '@/components/layout/footer';
import { useSite } from '@/features/site/hooks/use-site';
import { json, mockApi } from '@/testing/mock-api';

/** The footer as the layout gives it the studio's facts. */
function FooterWithSite() {
  return <Footer site={useSite()} />;
}

describe('the footer', () => {
  it('shows the studio’s details at once from config/studio.ts, and keeps them when GET /api/site/ fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi.on('GET', '/api/site/', () => json({ error: 'Down.' }, 500));
    render(
      <MemoryRouter>
        <FooterWithSite />
      </MemoryRouter>,
    );
    const check = () => {
      expect(screen.getByText('Bristol BS14 8SJ')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: studio.phone })).toHaveAttribute('href', studio.phoneHref);
      expect(screen.getByRole('link', { name: studio.email })).toHaveAttribute('href', `mailto:${studio.email}`);
      expect(screen.getByText(/We deliver across Bristol, or collect from our studio in BS14\./)).toBeInTheDocument();
      expect(screen.getByText('Monday to Friday')).toBeInTheDocument();
      expect(screen.getByText('7:30–18:00')).toBeInTheDocument();
      const social = screen.getByRole('list', { name: 'Follow us' });
      expect(within(social).getAllByRole('link')).toHaveLength(studio.social.length);
      expect(screen.getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/events');
    };
    check();
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    check();
    warn.mockRestore();
  });
});
