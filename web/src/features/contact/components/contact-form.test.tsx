import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { FAILED_MESSAGE, SENT_MESSAGE } from '../enquiry';
import { ContactForm } from './contact-form';

const field = {
  name: () => screen.getByRole('textbox', { name: 'Your name' }),
  email: () => screen.getByRole('textbox', { name: 'Email' }),
  phone: () => screen.getByRole('textbox', { name: 'Phone (optional)' }),
  type: () => screen.getByRole('combobox', { name: 'What is it about?' }),
  message: () => screen.getByRole('textbox', { name: 'Your message' }),
};
const send = () => screen.getByRole('button', { name: /Send message|Sending\.\.\./ });
const status = () => screen.getByRole('status');

type User = ReturnType<typeof userEvent.setup>;

async function fillIn(user: User) {
  await user.type(field.name(), 'Ada Rose');
  await user.type(field.email(), 'ada@example.com');
  await user.type(field.phone(), '0117 496 0999');
  await user.selectOptions(field.type(), 'wedding');
  await user.type(field.message(), 'Flowers for a June wedding in Bedminster, about 60 guests.');
}

/** An answer the test hands over when it is ready. */
function later() {
  let answer!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => (answer = resolve));
  return { promise, answer };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the contact form', () => {
  it('has the spec’s fields: email and tel types, phone optional, the four enquiry types', () => {
    render(<ContactForm />, { wrapper: MemoryRouter });
    expect(field.email()).toHaveAttribute('type', 'email');
    expect(field.phone()).toHaveAttribute('type', 'tel');
    expect(field.phone()).not.toBeRequired();
    for (const required of [field.name(), field.email(), field.type(), field.message()]) expect(required).toBeRequired();
    const values = within(field.type())
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'))
      .filter(Boolean);
    expect(values).toEqual(['wedding', 'event', 'bouquet', 'general']);
  });

  it('has a honeypot hidden from people and assistive technology', () => {
    const { container } = render(<ContactForm />, { wrapper: MemoryRouter });
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]');
    expect(trap).not.toBeNull();
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap).toHaveAttribute('autocomplete', 'off');
    expect(trap!.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Website' })).not.toBeInTheDocument();
  });

  it('checks with the core before sending: says what is missing beside each field and sends nothing', async () => {
    const user = userEvent.setup();
    render(<ContactForm />, { wrapper: MemoryRouter });
    await user.type(field.email(), 'not-an-address');
    await user.click(send());

    expect(field.name()).toHaveAttribute('aria-invalid', 'true');
    expect(field.name()).toHaveAccessibleDescription('Please tell us your name.');
    expect(field.email()).toHaveAccessibleDescription('Please enter an email address like name@example.com.');
    expect(field.type()).toHaveAccessibleDescription('Please choose what your enquiry is about.');
    expect(field.phone()).not.toHaveAttribute('aria-invalid');
    expect(field.name()).toHaveFocus();
    expect(mockApi.requests).toHaveLength(0);

    // Putting a field right takes its complaint away.
    await user.type(field.name(), 'Ada');
    expect(field.name()).not.toHaveAttribute('aria-invalid');
  });

  it('shows Sending... while it sends, then the success message, and empties the form', async () => {
    const user = userEvent.setup();
    const reply = later();
    mockApi.on('POST', '/api/contact/', () => reply.promise);
    render(<ContactForm />, { wrapper: MemoryRouter });
    await fillIn(user);
    await user.click(send());

    expect(send()).toHaveTextContent('Sending...');
    expect(send()).toBeDisabled();
    const request = mockApi.requests.find((r) => r.url.endsWith('/api/contact/'))!;
    expect(await request.clone().json()).toEqual({
      name: 'Ada Rose',
      email: 'ada@example.com',
      phone: '0117 496 0999',
      enquiryType: 'wedding',
      message: 'Flowers for a June wedding in Bedminster, about 60 guests.',
      website: '',
    });
    expect(request.headers.get('X-CSRFToken')).toBeTruthy();

    await act(async () => reply.answer(json({ status: 'success' })));
    expect(await within(status()).findByText(SENT_MESSAGE)).toBeInTheDocument();
    expect(send()).toHaveTextContent('Send message');
    expect(field.name()).toHaveValue('');
    expect(field.email()).toHaveValue('');
    expect(field.phone()).toHaveValue('');
    expect(field.type()).toHaveValue('');
    expect(field.message()).toHaveValue('');
  });

  it('keeps what was typed and says sorry when sending fails', async () => {
    const user = userEvent.setup();
    mockApi.on('POST', '/api/contact/', () => json({ error: 'Something broke.' }, 500));
    render(<ContactForm />, { wrapper: MemoryRouter });
    await fillIn(user);
    await user.click(send());

    expect(await within(status()).findByText(FAILED_MESSAGE)).toBeInTheDocument();
    expect(field.name()).toHaveValue('Ada Rose');
    expect(field.email()).toHaveValue('ada@example.com');
    expect(field.type()).toHaveValue('wedding');
    expect(field.message()).toHaveValue('Flowers for a June wedding in Bedminster, about 60 guests.');
  });

  it('counts only status "success" as sent', async () => {
    const user = userEvent.setup();
    mockApi.on('POST', '/api/contact/', () => json({ status: 'queued' }));
    render(<ContactForm />, { wrapper: MemoryRouter });
    await fillIn(user);
    await user.click(send());
    expect(await within(status()).findByText(FAILED_MESSAGE)).toBeInTheDocument();
    expect(field.name()).toHaveValue('Ada Rose');
  });

  it('shows the server’s field messages beside the fields after a 400', async () => {
    const user = userEvent.setup();
    mockApi.on('POST', '/api/contact/', () =>
      json({ error: 'Please check your email address.', fields: { email: 'We could not read that email address.' } }, 400),
    );
    render(<ContactForm />, { wrapper: MemoryRouter });
    await fillIn(user);
    await user.click(send());

    expect(await within(status()).findByText('Please check your email address.')).toBeInTheDocument();
    expect(field.email()).toHaveAttribute('aria-invalid', 'true');
    expect(field.email()).toHaveAccessibleDescription('We could not read that email address.');
    expect(field.email()).toHaveFocus();
    expect(field.email()).toHaveValue('ada@example.com');
  });

  it('shows the server’s sentence after too many messages (429)', async () => {
    const user = userEvent.setup();
    const sentence = 'You have sent us several messages in the last few minutes. Please wait a little, or give us a ring.';
    mockApi.on('POST', '/api/contact/', () => json({ error: sentence }, 429));
    render(<ContactForm />, { wrapper: MemoryRouter });
    await fillIn(user);
    await user.click(send());
    expect(await within(status()).findByText(sentence)).toBeInTheDocument();
    expect(field.message()).not.toHaveValue('');
  });

  it('clears the message after 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    mockApi.on('POST', '/api/contact/', () => json({ status: 'success' }));
    render(<ContactForm />, { wrapper: MemoryRouter });
    await fillIn(user);
    await user.click(send());
    expect(await within(status()).findByText(SENT_MESSAGE)).toBeInTheDocument();

    await act(async () => vi.advanceTimersByTime(9_000));
    expect(within(status()).getByText(SENT_MESSAGE)).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1_000));
    expect(status()).toBeEmptyDOMElement();
  });

  it('closes the message with its close button', async () => {
    const user = userEvent.setup();
    mockApi.on('POST', '/api/contact/', () => json({ error: 'Down.' }, 503));
    render(<ContactForm />, { wrapper: MemoryRouter });
    await fillIn(user);
    await user.click(send());
    expect(await within(status()).findByText(FAILED_MESSAGE)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close message' }));
    expect(status()).toBeEmptyDOMElement();
    expect(field.name()).toHaveValue('Ada Rose');
  });

  it('links to the privacy notice under Send', () => {
    render(<ContactForm />, { wrapper: MemoryRouter });
    expect(screen.getByRole('link', { name: 'how we look after your details' })).toHaveAttribute('href', '/privacy');
  });

  it('starts from what it is given, e.g. a workshop booking', () => {
    render(
      <ContactForm
        initial={{ name: '', email: '', phone: '', enquiryType: 'event', message: 'Hello, a place on Christmas wreath making please.' }}
      />,
      { wrapper: MemoryRouter },
    );
    expect(field.type()).toHaveValue('event');
    expect(field.message()).toHaveValue('Hello, a place on Christmas wreath making please.');
  });
});
