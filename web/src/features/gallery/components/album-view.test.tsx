import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { album, albumPicture, albumVideo } from '@/testing/albums';
import { json, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import { AlbumView } from './album-view';

function currentSlide() {
  const slide = document.querySelector<HTMLElement>('.yarl__slide_current');
  if (!slide) throw new Error('no current slide');
  return slide;
}

describe('an album (/gallery/album/:albumId)', () => {
  const shown = album(4, {
    title: 'A June wedding at Ashton Court',
    description: 'Garden roses, sweet peas and meadow grasses.',
    images: [
      albumPicture(41, { caption: 'The bride’s bouquet' }),
      albumPicture(42, { srcset: '', webp_srcset: '', width: 1000, height: 1000 }),
      albumVideo(43, { caption: 'The arch going up' }),
    ],
    featured_image: 42,
    featured_image_url: '/media/albums/p42-1600.jpg',
  });

  it('has a back button, the featured picture, the title, the description and a grid of pictures and videos', async () => {
    mockApi.on('GET', '/api/albums/4/', () => json(shown));
    renderPage(<AlbumView id={4} />, { path: '/gallery/album/:albumId', at: '/gallery/album/4' });

    expect(await screen.findByRole('heading', { level: 1, name: 'A June wedding at Ashton Court' })).toBeInTheDocument();
    expect(screen.getByText('Garden roses, sweet peas and meadow grasses.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the gallery' })).toHaveAttribute('href', '/gallery');
    const cover = screen.getByRole('img', { name: /featured picture/ });
    expect(cover).toHaveAttribute('src', '/media/albums/p42-1600.jpg');
    expect(cover).toHaveAttribute('width', '1000');

    const grid = screen.getByRole('list', { name: 'A June wedding at Ashton Court' });
    const tiles = within(grid).getAllByRole('button');
    expect(tiles).toHaveLength(3);
    const first = within(tiles[0]!).getByRole('img');
    expect(first).toHaveAttribute('alt', 'The bride’s bouquet');
    expect(first.getAttribute('srcset')).toContain('/media/albums/p41-960.jpg 960w');
    expect(first).toHaveAttribute('sizes');
    // Its WebP sizes come first, for the browsers that show WebP.
    const webp = first.parentElement!.querySelector('source[type="image/webp"]');
    expect(webp?.getAttribute('srcset')).toContain('/media/albums/p41-960.webp 960w');
    // A picture without other sizes has no srcset.
    expect(within(tiles[1]!).getByRole('img')).not.toHaveAttribute('srcset');
    // The video shows its poster, with a play mark, and says it is a video.
    expect(tiles[2]).toHaveAccessibleName('The arch going up (video)');
    expect(within(tiles[2]!).getByRole('img')).toHaveAttribute('src', '/media/albums/v43.jpg');
    expect(tiles[2]!.querySelector('.picture-gallery__play')).not.toBeNull();
  });

  it('opens the lightbox at a picture, moves to the video (an MP4 slide, 1280 × 720) and closes with Escape', async () => {
    mockApi.on('GET', '/api/albums/4/', () => json(shown));
    const user = userEvent.setup();
    renderPage(<AlbumView id={4} />, { path: '/gallery/album/:albumId', at: '/gallery/album/4' });
    await user.click(await screen.findByRole('button', { name: /Album.*picture 2|A June wedding at Ashton Court, picture 2/ }));
    const dialog = await screen.findByRole('dialog');
    expect(currentSlide()).toHaveAccessibleName('Picture 2 of 3');

    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(currentSlide()).toHaveAccessibleName('Picture 3 of 3'));
    const video = currentSlide().querySelector('video');
    expect(video).not.toBeNull();
    expect(video).toHaveAttribute('poster', '/media/albums/v43.jpg');
    expect(video?.querySelector('source')).toHaveAttribute('src', '/media/albums/v43.mp4');
    expect(video?.querySelector('source')).toHaveAttribute('type', 'video/mp4');
    expect(within(dialog).getByText('The arch going up')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says when the album is not there, with the way back', async () => {
    mockApi.on('GET', '/api/albums/99/', () => json({ error: 'No such album.' }, 404));
    renderPage(<AlbumView id={99} />, { path: '/gallery/album/:albumId', at: '/gallery/album/99' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Album not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the gallery' })).toHaveAttribute('href', '/gallery');
  });

  it('offers to try again when the album could not be loaded', async () => {
    mockApi.on('GET', '/api/albums/5/', () => json({ error: 'down' }, 500));
    renderPage(<AlbumView id={5} />, { path: '/gallery/album/:albumId', at: '/gallery/album/5' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load this album just now.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
