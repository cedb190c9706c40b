import { act, render, renderHook, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { studio } from '@/config/studio';
import { json, mockApi } from '@/testing/mock-api';
import { StudioDetails } from './components/studio-details';
import { createSiteStore, useSite } from './hooks/use-site';
import { useMetaDescription } from '@/components/layout/use-meta-description';
import { siteFactsFrom, type SiteAnswer } from './api/site-answer';
import { defaultSiteFacts } from './site-facts';

// The server's answer: the studio's name, hours and delivery as config/studio.ts has them, and
// its own address, number, email and links.
const answer: SiteAnswer = {
  name: studio.name,
  tagline: studio.tagline,
  address: ['Posy Floral Studio', '2 Market Yard', 'Whitchurch', 'Bristol BS14 8SJ'],
  phone: '0117 496 0456',
  phone_international: '+441174960456',
  email: 'studio@posy.example',
  opening_hours: [...studio.openingHours],
  social: [{ name: 'Instagram', url: 'https://www.instagram.com/posy' }],
  delivery_area: 'Bristol',
  collection_from: 'BS14',
  delivery_note: studio.delivery,
};

describe('the studio’s facts', () => {
  it('start as config/studio.ts, so the first paint never waits, and stay so when GET /api/site/ fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi.on('GET', '/api/site/', () => json({ error: 'Down.' }, 500));
    const { result } = renderHook(() => useSite());
    expect(result.current).toBe(defaultSiteFacts);
    expect(result.current.phone).toBe(studio.phone);
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(mockApi.requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/site/']);
    expect(result.current).toBe(defaultSiteFacts);
    warn.mockRestore();
  });

  it('are fetched once, then every reader gets the server’s answer', async () => {
    const load = vi.fn(async () => siteFactsFrom(answer));
    const store = createSiteStore(load);
    const heard = vi.fn();
    store.subscribe(heard);
    store.start();
    store.start();
    expect(store.getSnapshot()).toBe(defaultSiteFacts);
    await act(async () => {});
    expect(load).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().phone).toBe('0117 496 0456');
    expect(store.getSnapshot().phoneHref).toBe('tel:+441174960456');
    expect(store.getSnapshot().social).toEqual([{ name: 'Instagram', href: 'https://www.instagram.com/posy' }]);
    expect(store.getSnapshot().delivery).toBe('We deliver across Bristol, or collect from our studio in BS14.');
  });

  it('keep the defaults for anything the answer leaves out or gets wrong', () => {
    const facts = siteFactsFrom({ phone: '', address: [], social: [{ name: 'Odd', url: 'javascript:alert(1)' }] });
    expect(facts.phone).toBe(studio.phone);
    expect(facts.address).toEqual(studio.address);
    expect(facts.social).toEqual(studio.social);
    expect(facts.name).toBe('Posy');
  });

  it('show as an address card with the phone, email and hours', () => {
    render(<StudioDetails site={siteFactsFrom(answer)} />);
    expect(screen.getByText('Bristol BS14 8SJ')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '0117 496 0456' })).toHaveAttribute('href', 'tel:+441174960456');
    expect(screen.getByRole('link', { name: 'studio@posy.example' })).toHaveAttribute('href', 'mailto:studio@posy.example');
    expect(screen.getByText('Saturday')).toBeInTheDocument();
    expect(screen.getByText('8:00–16:00')).toBeInTheDocument();
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
