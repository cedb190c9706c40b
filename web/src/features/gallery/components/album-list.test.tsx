import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { album, albumPicture } from '@/testing/albums';
import { json, mockApi, never } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import { AlbumList } from './album-list';

describe('the album list (/gallery)', () => {
  it('shows each album as a card: its featured picture with its size, its title and its count with “photos”', async () => {
    const wedding = album(1, { title: 'Summer weddings' });
    const five = album(2, {
      title: 'Wreath workshops',
      images: [1, 2, 3, 4, 5].map((n) => albumPicture(200 + n, { width: 1200, height: 800 })),
      featured_image: 203,
      featured_image_url: '/media/albums/p203-1600.jpg',
    });
    mockApi.on('GET', '/api/albums/', () => json([wedding, five]));
    renderPage(<AlbumList />, { path: '/gallery' });

    const list = await screen.findByRole('list', { name: 'Albums' });
    const cards = within(list).getAllByRole('link');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveAttribute('href', '/gallery/album/1');
    expect(cards[0]).toHaveTextContent('Summer weddings');
    expect(cards[0]).toHaveTextContent('3 photos');
    expect(cards[1]).toHaveTextContent('5 photos');
    const cover = cards[1]!.querySelector('img')!;
    expect(cover).toHaveAttribute('src', '/media/albums/p203-1600.jpg');
    expect(cover).toHaveAttribute('width', '1200');
    expect(cover).toHaveAttribute('height', '800');
    expect(cover.getAttribute('srcset')).toContain('/media/albums/p203-480.jpg 480w');
    expect(cover).toHaveAttribute('sizes');
  });

  it('counts an empty album as 0 photos and gives it a placeholder picture', async () => {
    mockApi.on('GET', '/api/albums/', () => json([album(3, { images: [], featured_image: null, featured_image_url: null })]));
    renderPage(<AlbumList />, { path: '/gallery' });
    const card = await screen.findByRole('link', { name: /Album 3/ });
    expect(card).toHaveTextContent('0 photos');
    expect(card.querySelector('img')).toHaveAttribute('data-placeholder', 'true');
  });

  it('says “No albums found” when there are none', async () => {
    mockApi.on('GET', '/api/albums/', () => json([]));
    renderPage(<AlbumList />, { path: '/gallery' });
    expect(await screen.findByText('No albums found')).toBeInTheDocument();
  });

  it('shows that it is loading, then an error with a way to try again', async () => {
    let calls = 0;
    mockApi.on('GET', '/api/albums/', () => {
      calls += 1;
      return calls === 1 ? json({ error: 'down' }, 500) : calls === 2 ? never() : json([]);
    });
    const user = userEvent.setup();
    renderPage(<AlbumList />, { path: '/gallery' });
    expect(screen.getByRole('status')).toHaveTextContent('Opening the albums');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the gallery just now.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('status')).toHaveTextContent('Opening the albums');
  });
});
