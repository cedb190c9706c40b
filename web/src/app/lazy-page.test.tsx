import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, lazyPage } from './lazy-page';

function Fine() {
  return <h1>The page</h1>;
}

describe('a lazily loaded page', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the page once its code arrives', async () => {
    const Page = lazyPage(async () => ({ default: Fine }));
    render(<Page />);
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
  });

  it('says the page did not load and offers Retry, which loads it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<{ default: typeof Fine }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Fine });
    const Page = lazyPage(load);
    render(<Page />);

    expect(await screen.findByRole('heading', { name: 'This page didn’t load' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'The page' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives up waiting after the spec’s 120 s chunk time-out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    vi.useFakeTimers();
    const Page = lazyPage(() => new Promise(() => {}));
    render(<Page />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('longer than 120 s');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
