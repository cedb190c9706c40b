// The studio's own facts and its admins, in a real Chromium: the phone changed in Settings is in
// the footer and on /contact at once (and put back); an admin adds another, who signs in in a
// second browser, changes their password (a wrong current one is refused in words) and signs
// out everywhere; the record of who did what lists the phone changed and the admins, filtered
// by kind. At 390 and 1280 px, with axe-core.
//
//   POSY_URL=… POSY_ADMIN_USERNAME=… POSY_ADMIN_PASSWORD=… node --test e2e/settings.journey.mjs
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { admin, axeFindings, baseUrl, settle, shot, signIn, useBrowser } from './helpers.mjs';

const { openPage } = useBrowser();

/** Sets the studio's phone (and postcode) in Settings and waits for the answer. */
async function savePhone(form, phone) {
  await form.getByLabel('Phone').fill(phone);
  await form.getByRole('button', { name: 'Save the studio’s details' }).click();
  await form.getByText('Saved. Every page shows the new details now.').waitFor();
}

describe('the studio’s details', () => {
  for (const width of [390, 1280]) {
    it(`changes the phone in Settings, and the footer and /contact show it at once, at ${width} px`, async () => {
      const { page, context, errors } = await openPage(width);
      await signIn(page, '/admin/settings');
      const form = page.getByRole('form', { name: 'The studio' });
      const phone = form.getByLabel('Phone');
      await phone.waitFor();
      const before = await phone.inputValue();
      assert.equal(before, '0117 496 0123', 'the demo studio’s number to begin with');

      // Refused in core's words beside the field, and nothing typed is lost.
      await phone.fill('call us');
      await form.getByLabel('Postcode').fill('BS14');
      await form.getByRole('button', { name: 'Save the studio’s details' }).click();
      await form.getByText('Please give a UK phone number, like 0117 496 0123 or +44 117 496 0123.').waitFor();
      await form.getByText('Please enter a full UK postcode, like BS14 8AB.').waitFor();
      assert.equal(await phone.inputValue(), 'call us');
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'studio-phone', 'the first field at fault has the focus');
      await settle(page);
      await page.screenshot({ path: shot(`admin-studio-refused-${width}`), fullPage: true });
      assert.deepEqual(await axeFindings(page, { all: true }), [], 'axe finds nothing on the refused form');

      await form.getByLabel('Postcode').fill('BS14 8SJ');
      await savePhone(form, '0117 496 0999');
      await settle(page);
      await page.screenshot({ path: shot(`admin-studio-${width}`), fullPage: true });
      assert.deepEqual(await axeFindings(page, { all: true }), [], 'axe finds nothing on the settings');

      // A visitor's pages follow at once (the back office has no shop footer of its own).
      const visitor = await openPage(width);
      await visitor.page.goto(`${baseUrl}/contact`);
      const aside = visitor.page.getByRole('complementary', { name: 'The studio' });
      assert.equal(await aside.getByRole('link', { name: '0117 496 0999' }).getAttribute('href'), 'tel:+441174960999');
      await visitor.page.getByRole('contentinfo').getByRole('link', { name: '0117 496 0999' }).waitFor();
      assert.deepEqual(visitor.errors, [], 'no script errors for the visitor');
      await visitor.context.close();

      // Back as it was, for the journeys after this one.
      await savePhone(form, before);
      assert.deepEqual(errors, [], 'no script errors');
      await context.close();
    });
  }
});

describe('the studio’s admins', () => {
  it('adds an admin, who signs in elsewhere, changes their password and signs out everywhere', async () => {
    const { page, context, errors } = await openPage(1280);
    await signIn(page, '/admin/settings');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Admins' }).click();
    await page.waitForURL('**/admin/settings/admins');
    const list = page.getByRole('region', { name: 'Admins' });
    await list.getByText(admin.username).waitFor();

    const newcomer = { username: `maya-${Date.now()}`, password: 'sweet-peas-in-june' };
    const add = page.getByRole('form', { name: 'Add an admin' });
    await add.getByLabel('Username').fill(admin.username);
    await add.getByLabel('Password', { exact: true }).fill(newcomer.password);
    await add.getByLabel('Your password').fill(admin.password);
    await add.getByRole('button', { name: 'Add admin' }).click();
    await add.getByText(`There is already an admin called ${admin.username}. Please choose another username.`).first().waitFor();
    await add.getByLabel('Username').fill(newcomer.username);
    await add.getByLabel('Your password').fill(admin.password);
    await add.getByRole('button', { name: 'Add admin' }).click();
    await add.getByText(`${newcomer.username} can sign in now`, { exact: false }).waitFor();
    await list.getByText(newcomer.username).waitFor();
    await settle(page);
    await page.screenshot({ path: shot('admin-admins-1280'), fullPage: true });
    assert.deepEqual(await axeFindings(page, { all: true }), [], 'axe finds nothing on the admins');

    // The newcomer, on a phone.
    const phone = await openPage(390);
    await signIn(phone.page, '/admin/settings/admins', '/admin/settings/admins', newcomer);
    const change = phone.page.getByRole('form', { name: 'Change my password' });
    await change.getByLabel('Current password').fill('not-my-password');
    await change.getByLabel('New password').fill('hellebores-in-january');
    await change.getByRole('button', { name: 'Change password' }).click();
    await change.getByText('That is not your current password. Please try again.').first().waitFor();
    await change.getByLabel('Current password').fill(newcomer.password);
    await change.getByRole('button', { name: 'Change password' }).click();
    await change.getByText('Your password is changed. Your other sessions are signed out.').waitFor();
    await settle(phone.page);
    await phone.page.screenshot({ path: shot('admin-admins-390'), fullPage: true });
    assert.deepEqual(await axeFindings(phone.page, { all: true }), [], 'axe finds nothing on the admins at 390 px');

    await phone.page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await phone.page.waitForURL('**/admin/login');
    await phone.page.getByText('You have signed out everywhere: every session of your account has ended.').waitFor();
    await phone.page.screenshot({ path: shot('admin-signed-out-everywhere-390'), fullPage: true });
    // Really ended: the back office sends them to the sign-in again.
    await phone.page.goto(`${baseUrl}/admin/settings/admins`);
    await phone.page.waitForURL('**/admin/login');
    // And the new password is the one that works.
    await phone.page.getByLabel('Username').fill(newcomer.username);
    await phone.page.getByLabel('Password').fill('hellebores-in-january');
    await phone.page.getByRole('button', { name: 'Sign in' }).click();
    await phone.page.waitForURL('**/admin/settings/admins');
    assert.deepEqual(phone.errors, [], 'no script errors for the newcomer');
    await phone.context.close();

    // The first admin's session is untouched; she disables the newcomer, once asked to confirm.
    await page.reload();
    await list.getByText(newcomer.username).waitFor();
    page.once('dialog', (dialog) => dialog.accept());
    await list.getByRole('button', { name: `Disable ${newcomer.username}` }).click();
    await list.getByRole('button', { name: `Enable ${newcomer.username}` }).waitFor();
    await list.getByText('disabled', { exact: true }).waitFor();
    assert.deepEqual(errors, [], 'no script errors');
    await context.close();
  });
});

describe('who did what', () => {
  for (const width of [390, 1280]) {
    it(`lists the changes above, newest first, and filters them by kind, at ${width} px`, async () => {
      const { page, context, errors } = await openPage(width);
      await signIn(page, '/admin/settings');
      // The settings page at rest first: a click on a menu still being drawn can be lost.
      await page.getByRole('form', { name: 'The studio' }).getByLabel('Phone').waitFor();
      await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Who did what' }).click();
      await page.waitForURL('**/admin/settings/who-did-what');
      const list = page.getByRole('list', { name: 'Who did what, newest first' });
      // This sign-in comes first.
      await list.getByRole('listitem').first().getByText('Sign-ins').waitFor();

      await page.getByLabel('Show').selectOption({ label: 'Settings' });
      await list.getByText('phone: "0117 496 0999" → "0117 496 0123"').first().waitFor();
      await settle(page);
      await page.screenshot({ path: shot(`admin-who-did-what-${width}`), fullPage: true });
      assert.deepEqual(await axeFindings(page, { all: true }), [], 'axe finds nothing on who did what');

      await page.getByLabel('Show').selectOption({ label: 'Admins' });
      await list.getByText('disabled: signed out, cannot sign in').waitFor();
      assert.deepEqual(errors, [], 'no script errors');
      await context.close();
    });
  }
});
