import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import { UnsentMail } from './unsent-mail';

const givenUp = {
  id: 7,
  to: 'amy@example.com',
  subject: 'Your order is on its way',
  queued_at: '2026-12-14T09:30:00Z',
  tries: 10,
  last_error: '535 authentication failed',
  given_up: true,
};

describe('the mail not sent', () => {
  it('lists each letter with what the server said, and sends one again', async () => {
    const user = userEvent.setup();
    mockApi.on('GET', '/api/admin/mail/', () => json([givenUp]));
    const sent = vi.fn(() => json([]));
    mockApi.on('POST', '/api/admin/mail/7/send-again/', sent);
    const changed = vi.fn();
    renderPage(<UnsentMail onSignedOut={() => {}} onChanged={changed} />);

    const list = await screen.findByRole('list', { name: 'Mail not sent' });
    const letter = within(list).getByRole('listitem');
    expect(letter).toHaveTextContent('Your order is on its way');
    expect(letter).toHaveTextContent('To amy@example.com');
    expect(letter).toHaveTextContent('10 tries: given up');
    expect(letter).toHaveTextContent('The mail server said: 535 authentication failed');

    await user.click(within(letter).getByRole('button', { name: 'Send again: Your order is on its way to amy@example.com' }));
    expect(sent).toHaveBeenCalledOnce();
    expect(await screen.findByRole('status')).toHaveTextContent('“Your order is on its way” to amy@example.com is on its way again.');
    expect(screen.getByText('Every letter has gone: nothing is waiting.')).toBeInTheDocument();
    expect(changed).toHaveBeenCalledOnce();
  });

  it('says so when the letter went meanwhile', async () => {
    const user = userEvent.setup();
    mockApi.on('GET', '/api/admin/mail/', () => json([givenUp]));
    mockApi.on('POST', '/api/admin/mail/7/send-again/', () =>
      json({ error: 'That letter has been sent meanwhile, or is not in the outbox any more.' }, 404),
    );
    renderPage(<UnsentMail onSignedOut={() => {}} onChanged={() => {}} />);
    await user.click(await screen.findByRole('button', { name: /^Send again/ }));
    expect(await screen.findByText('That letter has been sent meanwhile, or is not in the outbox any more.')).toBeInTheDocument();
  });
});
