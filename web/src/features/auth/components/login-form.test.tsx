import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { LoginForm } from './login-form';

const username = () => screen.getByLabelText('Username');
const password = () => screen.getByLabelText('Password');

async function signIn() {
  const user = userEvent.setup();
  render(<LoginForm onSignedIn={vi.fn()} />);
  await user.type(username(), 'studio');
  await user.type(password(), 'hellebores-in-january');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the admin’s sign-in', () => {
  it('clears a wrong password and says so', async () => {
    mockApi.on('POST', '/api/auth/login/', () => json({ error: "That username and password don't match. Please try again." }, 401));
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent("That username and password don't match.");
    expect(username()).toHaveValue('studio');
    expect(password()).toHaveValue('');
  });

  it('keeps what was typed when too many people are signing in at once (429), with the server’s sentence', async () => {
    const busy = 'Too many people are signing in just now. Please try again in a minute.';
    mockApi.on('POST', '/api/auth/login/', () => json({ error: busy }, 429));
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(busy);
    expect(username()).toHaveValue('studio');
    expect(password()).toHaveValue('hellebores-in-january');
  });
});
