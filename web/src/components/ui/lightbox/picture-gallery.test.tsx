import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { lightboxSettings, SWIPE_THRESHOLD_PX } from './lightbox-settings';
import { PictureGallery } from './picture-gallery';
import type { Picture } from './types';

const pictures: Picture[] = [
  { src: '/media/products/peony-posy.jpg', width: 1000, height: 1000, alt: 'A posy of blush peonies' },
  { src: 'products/garden-rose-hand-tie.jpg', width: 1000, height: 1000, alt: 'Garden roses tied by hand' },
  { src: '/media/pages/gallery-1.jpg', width: 1600, height: 1067, alt: 'A round bridal bouquet', caption: 'White and blush, ribbon-bound' },
];

/** The slide the lightbox shows now (the others around it are preloaded and inert). */
function currentSlide() {
  const slide = document.querySelector<HTMLElement>('.yarl__slide_current');
  if (!slide) throw new Error('no current slide');
  return slide;
}

describe('a picture gallery', () => {
  it('lists every picture as a button named by its alt text, lazily loaded, with its size', () => {
    render(<PictureGallery pictures={pictures} label="Wedding flowers" />);
    const list = screen.getByRole('list', { name: 'Wedding flowers' });
    const buttons = within(list).getAllByRole('button');
    expect(buttons).toHaveLength(pictures.length);
    buttons.forEach((button, at) => {
      expect(button).toHaveAccessibleName(pictures[at]?.alt);
      expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    });
    const image = screen.getByRole('img', { name: 'Garden roses tied by hand' });
    expect(image).toHaveAttribute('src', '/media/products/garden-rose-hand-tie.jpg');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '1000');
    expect(image).toHaveAttribute('height', '1000');
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it('opens the lightbox at the chosen picture, moves with the arrow keys and closes with Escape', async () => {
    const user = userEvent.setup();
    render(<PictureGallery pictures={pictures} label="Wedding flowers" />);
    const chosen = screen.getByRole('button', { name: 'Garden roses tied by hand' });
    await user.click(chosen);

    const dialog = await screen.findByRole('dialog', { name: 'Wedding flowers: larger pictures' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(currentSlide()).toHaveAccessibleName('Picture 2 of 3');
    expect(within(currentSlide()).getByRole('img')).toHaveAttribute('alt', 'Garden roses tied by hand');
    expect(within(currentSlide()).getByRole('img')).toHaveAttribute('src', '/media/products/garden-rose-hand-tie.jpg');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(currentSlide()).toHaveAccessibleName('Picture 3 of 3'));
    expect(within(currentSlide()).getByRole('img')).toHaveAttribute('alt', 'A round bridal bouquet');
    expect(within(dialog).getByText('White and blush, ribbon-bound')).toBeInTheDocument();

    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(currentSlide()).toHaveAccessibleName('Picture 2 of 3'));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens again at another picture after closing', async () => {
    const user = userEvent.setup();
    render(<PictureGallery pictures={pictures} label="Sympathy flowers" />);
    await user.click(screen.getByRole('button', { name: 'A round bridal bouquet' }));
    await screen.findByRole('dialog');
    expect(currentSlide()).toHaveAccessibleName('Picture 3 of 3');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'A posy of blush peonies' }));
    await screen.findByRole('dialog');
    expect(currentSlide()).toHaveAccessibleName('Picture 1 of 3');
  });

  it('uses the spec’s lightbox settings', async () => {
    expect(lightboxSettings.animation).toEqual({ fade: 250, swipe: 500 });
    expect(lightboxSettings.carousel).toEqual({ preload: 2, padding: '16px', imageFit: 'contain' });
    expect(lightboxSettings.controller.closeOnEscape).toBe(true);
    // The library's swipe threshold is a constant rather than an option: it must be the spec's.
    const source = await import('yet-another-react-lightbox/core?raw');
    expect(source.default).toContain(`SWIPE_THRESHOLD = ${SWIPE_THRESHOLD_PX};`);
  });
});
