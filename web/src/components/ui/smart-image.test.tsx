import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SmartImage } from './smart-image';

/** An album's picture `name` in two JPEG sizes and two WebP sizes, 1600 × 1067: its img. */
function renderSized(name: string, alt: string, sizes: string) {
  const sized = (type: string) => `/media/albums/${name}-480.${type} 480w, /media/albums/${name}-1600.${type} 1600w`;
  render(<SmartImage src={`/media/albums/${name}-1600.jpg`} srcSet={sized('jpg')} webpSrcSet={sized('webp')} sizes={sizes} alt={alt} width={1600} height={1067} />);
  return screen.getByRole('img', { name: alt });
}

describe('a shop picture', () => {
  it('is served from /media/ even when the stored path lacks it', () => {
    render(<SmartImage src="products/peony.jpg" alt="Peony" width={4} height={5} />);
    expect(screen.getByRole('img', { name: 'Peony' })).toHaveAttribute('src', '/media/products/peony.jpg');
  });

  it('leaves an object store’s absolute URL alone', () => {
    const url = 'https://media.example/products/peony.jpg';
    render(<SmartImage src={url} alt="Peony" width={4} height={5} />);
    expect(screen.getByRole('img', { name: 'Peony' })).toHaveAttribute('src', url);
  });

  it('shows the placeholder when there is no picture', () => {
    render(<SmartImage src={null} alt="Wreath" width={4} height={5} />);
    const image = screen.getByRole('img', { name: 'Wreath' });
    expect(image).toHaveAttribute('src', '/placeholder.svg');
    expect(image).toHaveClass('is-placeholder');
  });

  it('falls back to the placeholder when the picture fails to load, once', () => {
    render(<SmartImage src="/media/products/gone.jpg" alt="Tulips" width={4} height={5} />);
    const image = screen.getByRole('img', { name: 'Tulips' });
    expect(image).toHaveAttribute('src', '/media/products/gone.jpg');
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', '/placeholder.svg');
    // A placeholder that fails too is left as it is rather than retried for ever.
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', '/placeholder.svg');
  });

  it('tries a new picture when its source changes', () => {
    const { rerender } = render(<SmartImage src="/media/a.jpg" alt="Posy" width={4} height={5} />);
    fireEvent.error(screen.getByRole('img', { name: 'Posy' }));
    rerender(<SmartImage src="/media/b.jpg" alt="Posy" width={4} height={5} />);
    expect(screen.getByRole('img', { name: 'Posy' })).toHaveAttribute('src', '/media/b.jpg');
  });

  it('offers its WebP sizes first, then its JPEG sizes, both drawn at the slot’s width', () => {
    const image = renderSized('a', 'Roses', '50vw');
    const picture = image.parentElement!;
    expect(picture.tagName).toBe('PICTURE');
    const source = picture.querySelector('source')!;
    expect(source).toHaveAttribute('type', 'image/webp');
    expect(source).toHaveAttribute('srcset', '/media/albums/a-480.webp 480w, /media/albums/a-1600.webp 1600w');
    expect(source).toHaveAttribute('sizes', '50vw');
    expect(image).toHaveAttribute('srcset', '/media/albums/a-480.jpg 480w, /media/albums/a-1600.jpg 1600w');
    expect(image).toHaveAttribute('sizes', '50vw');
    expect(image).toHaveAttribute('width', '1600');
    expect(image).toHaveAttribute('height', '1067');
  });

  it('shows the placeholder alone when a picture with other sizes fails, dropping its srcset and WebP', () => {
    const image = renderSized('gone', 'Peonies', '100vw');
    fireEvent.error(image);
    // The same img, so nothing is laid out again, now with nothing that points at the broken files.
    expect(screen.getByRole('img', { name: 'Peonies' })).toBe(image);
    expect(image).toHaveAttribute('src', '/placeholder.svg');
    expect(image).not.toHaveAttribute('srcset');
    expect(image).not.toHaveAttribute('sizes');
    expect(image.parentElement!.querySelector('source')).toBeNull();
    expect(image).toHaveClass('is-placeholder');
  });

  it('is a plain img when it has no WebP, with no sizes when it has no other sizes', () => {
    render(<SmartImage src="/media/products/peony.jpg" sizes="50vw" alt="Peony" width={4} height={5} />);
    const image = screen.getByRole('img', { name: 'Peony' });
    expect(image.parentElement!.tagName).not.toBe('PICTURE');
    expect(image).not.toHaveAttribute('sizes');
  });
});
