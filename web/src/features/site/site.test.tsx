import { act, render, renderHook, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { siteAnswer } from '@/testing/site';
import { StudioDetails } from './components/studio-details';
import { createSiteStore, useSite } from './hooks/use-site';
import { useMetaDescription } from '@/components/layout/use-meta-description';
import { siteFactsFrom, type SiteAnswer } from './api/site-answer';

// The server's answer: the demo studio's name, hours and delivery, and its own address,
// number, email and links.
const answer: SiteAnswer = {
  ...siteAnswer,
  address: ['Posy Floral Studio', '2 Market Yard', 'Whitchurch', 'Bristol BS14 8SJ'],
  phone: '0117 496 0456',
  phone_international: '+441174960456',
  email: 'studio@posy.example',
  social: [{ name: 'Instagram', url: 'https://www.instagram.com/posy' }],
};

describe('the studio’s facts', () => {
  it('are none until GET /api/site/ answers, and stay none when it fails: no copy to show instead', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi.on('GET', '/api/site/', () => json({ error: 'Down.' }, 500));
    const { result } = renderHook(() => useSite());
    expect(result.current).toBeNull();
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(mockApi.requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/site/']);
    expect(result.current).toBeNull();
    warn.mockRestore();
  });

  it('are fetched once, then every reader gets the server’s answer', async () => {
    const load = vi.fn(async () => siteFactsFrom(answer));
    const store = createSiteStore(load);
    const heard = vi.fn();
    store.subscribe(heard);
    store.start();
    store.start();
    expect(store.getSnapshot()).toBeNull();
    await act(async () => {});
    expect(load).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledTimes(1);
    const facts = store.getSnapshot();
    expect(facts?.phone).toBe('0117 496 0456');
    expect(facts?.phoneHref).toBe('tel:+441174960456');
    expect(facts?.social).toEqual([{ name: 'Instagram', href: 'https://www.instagram.com/posy' }]);
    expect(facts?.delivery).toBe('We deliver across Bristol, or collect from our studio in BS14.');
  });

  it('leave out a social link that is not a web address', () => {
    const facts = siteFactsFrom({ ...answer, social: [{ name: 'Odd', url: 'javascript:alert(1)' }] });
    expect(facts.social).toEqual([]);
  });

  it('show as an address card with the phone, email and hours', () => {
    render(<StudioDetails site={siteFactsFrom(answer)} />);
    expect(screen.getByText('Bristol BS14 8SJ')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '0117 496 0456' })).toHaveAttribute('href', 'tel:+441174960456');
    expect(screen.getByRole('link', { name: 'studio@posy.example' })).toHaveAttribute('href', 'mailto:studio@posy.example');
    expect(screen.getByText('Saturday')).toBeInTheDocument();
    expect(screen.getByText('08:00–16:00')).toBeInTheDocument();
  });

  it('keep their room in the card until they arrive', () => {
    const { container } = render(<StudioDetails site={null} />);
    expect(screen.getByRole('heading', { name: 'Visit or call the studio' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(container.querySelectorAll('.fact-pending').length).toBeGreaterThan(0);
  });
});

describe('the meta description', () => {
  it('is the page’s while it shows, and the previous one after', () => {
    const meta = document.createElement('meta');
    meta.name = 'description';
    meta.content = 'Posy, in general.';
    document.head.append(meta);
    const { unmount } = render(
      <MemoryRouter>
        <Described text="About Posy." />
      </MemoryRouter>,
    );
    expect(meta.content).toBe('About Posy.');
    unmount();
    expect(meta.content).toBe('Posy, in general.');
    meta.remove();
  });
});

function Described({ text }: { text: string }) {
  useMetaDescription(text);
  return null;
}
