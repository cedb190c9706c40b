import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import type { StudioSettings } from '../api/studio-facts-api';
import { StudioFactsSettings } from './studio-facts-form';

const saved: StudioSettings = {
  facts: {
    name: 'Posy',
    tagline: 'floral studio',
    phone: '0117 496 0123',
    email: 'hello@posyflowers.example',
    address_line_1: 'Posy Floral Studio',
    address_line_2: 'Unit 4, Stockwood Mews',
    address_line_3: 'Stockwood Lane, Whitchurch',
    town: 'Bristol',
    postcode: 'BS14 8SJ',
    instagram: 'https://www.instagram.com/',
    facebook: 'https://www.facebook.com/',
    pinterest: '',
  },
  limits: { name: 40, tagline: 60, phone: 20, email: 254, line: 100, postcode: 10, link: 300 },
  version: 2,
};

function open(onSaved = vi.fn()) {
  mockApi.on('GET', '/api/admin/settings/studio/', () => json(saved));
  renderPage(<StudioFactsSettings onSignedOut={vi.fn()} onSaved={onSaved} />, { path: '/admin/settings' });
  return onSaved;
}

describe('the studio’s details in Settings', () => {
  it('shows the facts in force with the core’s limits, and saves the whole form', async () => {
    const user = userEvent.setup();
    let sent: (StudioSettings['facts'] & { version: number }) | null = null;
    mockApi.on('PUT', '/api/admin/settings/studio/', async (request) => {
      sent = (await request.json()) as StudioSettings['facts'] & { version: number };
      const { version, ...facts } = sent;
      return json({ ...saved, facts: { ...facts, postcode: 'BS14 8SJ' }, version: version + 1 });
    });
    const onSaved = open();
    const phone = await screen.findByLabelText('Phone');
    expect(phone).toHaveValue('0117 496 0123');
    expect(screen.getByLabelText('Studio name')).toHaveAttribute('maxLength', '40');
    expect(screen.getByLabelText('Postcode')).toHaveAttribute('maxLength', '10');
    await user.clear(phone);
    await user.type(phone, '0117 496 0999');
    await user.click(screen.getByRole('button', { name: 'Save the studio’s details' }));
    expect(await screen.findByText('Saved. Every page shows the new details now.')).toBeInTheDocument();
    expect(sent!.phone).toBe('0117 496 0999');
    expect(sent!.town).toBe('Bristol');
    // The version the page loaded goes with the save.
    expect(sent!.version).toBe(2);
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it('puts each of the core’s sentences beside its field, focuses the first, and keeps what was typed', async () => {
    const user = userEvent.setup();
    mockApi.on('PUT', '/api/admin/settings/studio/', () =>
      json(
        {
          error: 'The studio’s details were not saved. Please check the fields marked.',
          fields: {
            phone: 'Please give a UK phone number, like 0117 496 0123 or +44 117 496 0123.',
            postcode: 'Please enter a full UK postcode, like BS14 8AB.',
          },
        },
        400,
      ),
    );
    const onSaved = open();
    const phone = await screen.findByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, 'call us');
    const postcode = screen.getByLabelText('Postcode');
    await user.clear(postcode);
    await user.type(postcode, 'BS14');
    await user.click(screen.getByRole('button', { name: 'Save the studio’s details' }));
    expect(await screen.findByText('The studio’s details were not saved. Please check the fields marked.')).toBeInTheDocument();
    expect(phone).toHaveAccessibleDescription('Please give a UK phone number, like 0117 496 0123 or +44 117 496 0123. A UK number, as people write it.');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(postcode).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveValue('call us');
    expect(postcode).toHaveValue('BS14');
    expect(screen.getByLabelText('Studio name')).toHaveValue('Posy');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
