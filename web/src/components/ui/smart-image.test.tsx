import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SmartImage } from './smart-image';

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
});
