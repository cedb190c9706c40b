import { describe, expect, it, vi } from 'vitest';
import { startPageLoad } from './page-load';
import { createFetchedStore } from './store';

/** A load whose answers the test gives, one call at a time. */
function heldLoad() {
  const answers: Array<{ resolve: (value: string) => void; reject: (cause: unknown) => void }> = [];
  const load = vi.fn(() => new Promise<string>((resolve, reject) => answers.push({ resolve, reject })));
  return { load, answers };
}

describe('a fetched store over page loads', () => {
  it('is asked once per page load, and afresh after a new one', async () => {
    const { load, answers } = heldLoad();
    const store = createFetchedStore('none yet', load, () => undefined);
    store.start();
    store.start();
    answers[0]!.resolve('first load’s');
    await vi.waitFor(() => expect(store.getSnapshot()).toBe('first load’s'));
    expect(load).toHaveBeenCalledTimes(1);

    startPageLoad();
    expect(store.getSnapshot()).toBe('none yet');
    store.start();
    expect(load).toHaveBeenCalledTimes(2);
    answers[1]!.resolve('second load’s');
    await vi.waitFor(() => expect(store.getSnapshot()).toBe('second load’s'));
  });

  it('drops an answer, or a failure, to a question an earlier page load asked', async () => {
    const { load, answers } = heldLoad();
    const onFailure = vi.fn(() => 'failed');
    const store = createFetchedStore('none yet', load, onFailure);
    store.start();
    startPageLoad();
    store.start();
    startPageLoad();
    store.start();
    answers[0]!.resolve('first load’s');
    answers[1]!.reject(new Error('down'));
    await new Promise((settled) => setTimeout(settled, 0));
    expect(store.getSnapshot()).toBe('none yet');
    expect(onFailure).not.toHaveBeenCalled();

    answers[2]!.resolve('this load’s');
    await vi.waitFor(() => expect(store.getSnapshot()).toBe('this load’s'));
  });
});
