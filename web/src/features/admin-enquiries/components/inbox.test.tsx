import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import type { Enquiry } from '../api/inbox-api';
import { Inbox } from './inbox';

function enquiry(id: number, overrides: Partial<Enquiry> = {}): Enquiry {
  return {
    id,
    name: `Sender ${id}`,
    email: `sender${id}@example.com`,
    phone: null,
    enquiry_type: 'wedding',
    message: `Message ${id}`,
    received_at: '2026-12-14T09:00:00Z',
    status: 'new',
    read: false,
    replies: [],
    greeting: `Dear Sender${id},`,
    sign_off: 'With best wishes,\nPosy Floral Studio',
    ...overrides,
  };
}

function calls(method: string, path: string) {
  return mockApi.requests.filter((r) => r.method === method && new URL(r.url).pathname === path);
}

function openInbox(list: Enquiry[], at = '/admin/enquiries') {
  mockApi.on('GET', '/api/admin/enquiries/', () => json(list));
  const onChanged = vi.fn();
  const onSignedOut = vi.fn();
  renderPage(<Inbox onChanged={onChanged} onSignedOut={onSignedOut} />, { path: '/admin/enquiries', at });
  return { onChanged, onSignedOut };
}

describe('the studio’s inbox', () => {
  it('shows the new enquiries first, with counts by status, and the others on asking', async () => {
    const user = userEvent.setup();
    openInbox([enquiry(3), enquiry(2, { status: 'answered', read: true }), enquiry(1, { status: 'closed', read: true })]);
    const list = await screen.findByRole('region', { name: 'Enquiries' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByRole('button', { name: /^Sender 3 \(unread\)/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New 1' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'All 3' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  });

  it('opening an unread enquiry marks it read, once', async () => {
    const user = userEvent.setup();
    const sent = enquiry(3, { phone: '0117 496 0123', message: 'June wedding,\nabout 60 guests' });
    mockApi.on('POST', '/api/admin/enquiries/3/read/', () => json({ ...sent, read: true }));
    const { onChanged } = openInbox([sent]);
    await user.click(await screen.findByRole('button', { name: /Sender 3/ }));
    const opened = screen.getByRole('article', { name: 'Sender 3' });
    expect(opened).toHaveTextContent('June wedding, about 60 guests');
    expect(within(opened).getByRole('link', { name: '0117 496 0123' })).toHaveAttribute('href', 'tel:01174960123');
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls('POST', '/api/admin/enquiries/3/read/')).toHaveLength(1);
    expect(screen.getByRole('button', { name: /^Sender 3/ })).not.toHaveAccessibleName(/unread/);
  });

  it('sends a reply, shows it with the enquiry, and says why a refused one was refused', async () => {
    const user = userEvent.setup();
    let tries = 0;
    mockApi.on('POST', '/api/admin/enquiries/3/reply/', async (request) => {
      tries += 1;
      if (tries === 1) return json({ error: 'Please write a reply before sending it.', fields: { body: 'Please write a reply before sending it.' } }, 400);
      const { greeting, body, signature } = (await request.json()) as { greeting: string; body: string; signature: string };
      const letter = `${greeting}\n\n${body}\n\n${signature}`;
      return json(enquiry(3, { read: true, status: 'answered', replies: [{ body: letter, sent_by: 'studio', sent_at: '2026-12-14T10:00:00Z' }] }));
    });
    openInbox([enquiry(3, { read: true })], '/admin/enquiries?open=3');
    const box = await screen.findByLabelText('Reply to Sender 3');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Please write a reply before sending it.')).toBeInTheDocument();
    expect(box).toHaveFocus();
    await user.type(box, 'Yes, we would love to.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    const replies = await screen.findByRole('region', { name: 'Replies sent' });
    expect(replies).toHaveTextContent('Yes, we would love to.');
    expect(box).toHaveValue('');
    expect(screen.getByRole('article', { name: 'Sender 3' })).toHaveTextContent('Answered');
    expect(within(screen.getByRole('article', { name: 'Sender 3' })).getByRole('status')).toHaveTextContent('Your reply was sent to sender3@example.com.');
  });

  it('offers a greeting by first name and the studio’s sign-off, shows the exact mail, and sends just that', async () => {
    const user = userEvent.setup();
    let sent: unknown = null;
    const hannah = enquiry(5, { name: 'Hannah Price', email: 'hannah@example.com', read: true, greeting: 'Dear Hannah,', message: 'A June wedding?\nAbout 60 guests.' });
    mockApi.on('POST', '/api/admin/enquiries/5/reply/', async (request) => {
      sent = await request.json();
      return json({ ...hannah, status: 'answered' });
    });
    openInbox([hannah], '/admin/enquiries?open=5');
    const greeting = await screen.findByLabelText('Greeting');
    const signature = screen.getByLabelText('Signature');
    expect(greeting).toHaveValue('Dear Hannah,');
    expect(signature).toHaveValue('With best wishes,\nPosy Floral Studio');
    const preview = screen.getByRole('region', { name: 'The e-mail hannah@example.com will receive' });
    const mail = () => preview.querySelector('pre')!.textContent;

    // The florist writes no greeting of her own: the letter has one, the one shown.
    await user.type(screen.getByLabelText('Reply to Hannah Price'), 'Yes, we would love to.');
    expect(mail()).toBe('Dear Hannah,\n\nYes, we would love to.\n\nWith best wishes,\nPosy Floral Studio\n\nYou wrote:\n> A June wedding?\n> About 60 guests.\n');
    await user.clear(greeting);
    await user.type(greeting, 'Hello Hannah and Tom,');
    await user.clear(signature);
    await user.type(signature, 'Jo at Posy');
    expect(mail()).toBe('Hello Hannah and Tom,\n\nYes, we would love to.\n\nJo at Posy\n\nYou wrote:\n> A June wedding?\n> About 60 guests.\n');

    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(sent).toEqual({ greeting: 'Hello Hannah and Tom,', body: 'Yes, we would love to.', signature: 'Jo at Posy' }));
    // Ready for the next reply, with what was offered.
    await waitFor(() => expect(greeting).toHaveValue('Dear Hannah,'));
    expect(signature).toHaveValue('With best wishes,\nPosy Floral Studio');
  });

  it('puts the server’s sentences beside the greeting and signature, keeping what was typed', async () => {
    const user = userEvent.setup();
    mockApi.on('POST', '/api/admin/enquiries/3/reply/', () =>
      json(
        {
          error: 'Please write a greeting to open the reply, such as “Dear Hannah,”.',
          fields: { greeting: 'Please write a greeting to open the reply, such as “Dear Hannah,”.', signature: 'Please sign the reply, so they know who wrote it.' },
        },
        400,
      ),
    );
    openInbox([enquiry(3, { read: true })], '/admin/enquiries?open=3');
    const greeting = await screen.findByLabelText('Greeting');
    await user.clear(greeting);
    await user.clear(screen.getByLabelText('Signature'));
    await user.type(screen.getByLabelText('Reply to Sender 3'), 'Yes, we can.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(greeting).toHaveAccessibleDescription('Please write a greeting to open the reply, such as “Dear Hannah,”.'));
    expect(greeting).toHaveFocus();
    expect(screen.getByLabelText('Signature')).toHaveAccessibleDescription('Please sign the reply, so they know who wrote it.');
    expect(screen.getByLabelText('Reply to Sender 3')).toHaveValue('Yes, we can.');
    await user.type(greeting, 'Dear Sam,');
    expect(greeting).not.toHaveAccessibleDescription(/greeting/);
  });

  it('goes to the sign-in when the session has ended', async () => {
    mockApi.on('GET', '/api/admin/enquiries/', () => json({ error: 'Please sign in.' }, 401));
    const onSignedOut = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage(<Inbox onChanged={() => {}} onSignedOut={onSignedOut} />, { path: '/admin/enquiries' });
    await waitFor(() => expect(onSignedOut).toHaveBeenCalled());
  });
});
