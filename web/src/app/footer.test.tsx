import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Footer } from '@/components/layout/footer';
import { useSite } from '@/features/site/hooks/use-site';
import { json, mockApi } from '@/testing/mock-api';
import { siteAnswer, siteFacts } from '@/testing/site';

/** The footer as the layout gives it the studio's facts. */
function FooterWithSite() {
  return <Footer site={useSite()} />;
}

describe('the footer', () => {
  it('keeps room for the studio’s details until GET /api/site/ answers, then shows the server’s', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi.on('GET', '/api/site/', () => new Promise<Response>((resolve) => (answer = resolve)));
    const { container } = render(
      <MemoryRouter>
        <FooterWithSite />
      </MemoryRouter>,
    );
    // Nothing that may be wrong: no number, no address, only the space they will take.
    expect(screen.queryByText('Bristol BS14 8SJ')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: siteFacts.phone })).not.toBeInTheDocument();
    expect(container.querySelectorAll('.fact-pending').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/events');

    await vi.waitFor(() => expect(mockApi.requests).toHaveLength(1));
    answer(json({ ...siteAnswer, phone: '0117 496 0999', phone_international: '+441174960999' }));
    expect(await screen.findByRole('link', { name: '0117 496 0999' })).toHaveAttribute('href', 'tel:+441174960999');
    expect(screen.getByText('Bristol BS14 8SJ')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: siteFacts.email })).toHaveAttribute('href', `mailto:${siteFacts.email}`);
    expect(screen.getByText(/We deliver across Bristol, or collect from our studio in BS14\./)).toBeInTheDocument();
    expect(screen.getByText('Monday to Friday')).toBeInTheDocument();
    expect(screen.getByText('07:30–18:00')).toBeInTheDocument();
    const social = screen.getByRole('list', { name: 'Follow us' });
    expect(within(social).getAllByRole('link')).toHaveLength(siteFacts.social.length);
    expect(container.querySelectorAll('.fact-pending')).toHaveLength(0);
  });
});
