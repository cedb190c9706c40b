// The gallery in a real Chromium against the real server: /gallery and an album at phone and
// desktop widths (screenshots kept, axe-core: nothing serious or critical), the lightbox by
// keyboard; then the admin signs in, creates an album, uploads two pictures and a short video
// with the progress bar showing, finds them in /gallery (the video once converted) and in the
// lightbox, signs out, and the Manage Gallery link is gone.
//
//   POSY_URL=… POSY_ADMIN_USERNAME=… POSY_ADMIN_PASSWORD=… POSY_SCREENSHOTS=test-results npm run e2e
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { admin, axeFindings, baseUrl, drawFlower, noSidewaysScroll, settle, shot, useBrowser } from './helpers.mjs';


let files;
const { openPage } = useBrowser(async (browser) => {
  files = await makeFiles(browser);
});

/** Two PNGs drawn on a canvas and a one-second MP4 from ffmpeg's test pattern. */
async function makeFiles(browser) {
  const folder = mkdtempSync(join(tmpdir(), 'posy-gallery-'));
  const made = await Promise.all(
    ['#d9a19a', '#5f7f6a'].map((colour, at) =>
      drawFlower(browser, join(folder, `journey-bloom-${at + 1}.png`), {
        width: 900,
        height: 600,
        background: '#faf7f2',
        centre: [450, 300],
        petals: 8,
        turn: at * 0.3,
        colours: [colour],
        petal: [60, 120],
        heart: { colour: '#1f2a24', radius: 50 },
      }),
    ),
  );
  const clip = join(folder, 'journey-clip.mp4');
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=640x360:rate=10', '-pix_fmt', 'yuv420p', clip]);
  return { pictures: made, clip };
}

/** The page at rest: no sideways scroll, a screenshot, and nothing serious for axe. */
async function check(page, name, width) {
  await settle(page);
  await noSidewaysScroll(page, name);
  await page.screenshot({ path: shot(`${name}-${width}`), fullPage: true });
  assert.deepEqual(await axeFindings(page), [], `axe finds nothing serious on ${name}`);
}

async function signIn(page) {
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The back office opens on the day's work; the gallery is one step from there.
  await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor({ timeout: 15_000 });
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Gallery' }).click();
  await page.getByRole('heading', { level: 1, name: 'Manage Gallery' }).waitFor({ timeout: 15_000 });
}

describe('the gallery', () => {
  for (const width of [390, 1280]) {
    it(`/gallery and an album at ${width} px: cards, the album, the lightbox, no serious axe findings`, async () => {
      const { page, context, errors } = await openPage(width);
      await page.goto(`${baseUrl}/gallery`);
      const albums = page.getByRole('list', { name: 'Albums' });
      await albums.waitFor({ timeout: 15_000 });
      const cards = albums.getByRole('link');
      assert.ok((await cards.count()) >= 3, 'the demo albums');
      assert.match(await cards.first().innerText(), /\d+ photos/);
      await check(page, 'gallery', width);

      await cards.first().click();
      await page.locator('.picture-gallery').waitFor({ timeout: 15_000 });
      const title = await page.getByRole('heading', { level: 1 }).innerText();
      const grid = page.getByRole('list', { name: title });
      assert.ok((await grid.getByRole('button').count()) > 0, 'pictures in the album');
      await check(page, 'album', width);

      await grid.getByRole('button').first().click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await page.goto(`${baseUrl}/admin/login`);
      await page.getByLabel('Username').waitFor();
      await check(page, 'admin-login', width);
      // A visitor sent to /admin/gallery is asked to sign in.
      await page.goto(`${baseUrl}/admin/gallery`);
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Manage Gallery' }).count(), 0);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  it('refuses a wrong password with the server’s sentence', async () => {
    const { page, context } = await openPage(1280);
    await page.goto(`${baseUrl}/admin/login`);
    await page.getByLabel('Username').fill('nobody');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'That username and password don’t match' }).or(page.getByRole('alert').filter({ hasText: "That username and password don't match" })).waitFor();
    await context.close();
  });

  it('an admin creates an album, uploads two pictures and a video, finds them in the gallery, and signs out', { skip: !admin.username || !admin.password }, async () => {
    const { page, context, errors } = await openPage(1280);
    const albumTitle = `Journey album ${Date.now()}`;
    await signIn(page);
    // The shop's own menu (on the sign-in page after signing out; the back office has its own).
    const nav = page.getByRole('navigation', { name: 'Main' });

    const create = page.getByRole('form', { name: 'New album' });
    await create.getByLabel(/Title/).fill(albumTitle);
    await create.getByLabel(/Description/).fill('Made by the gallery journey.');
    await create.getByRole('button', { name: 'Create album' }).click();
    await page.getByText('Album created successfully').waitFor();

    const upload = page.getByRole('form', { name: 'Upload pictures and videos' });
    await upload.getByLabel(/^Album/).selectOption({ label: albumTitle });
    await upload.getByLabel('Pictures and videos').setInputFiles([...files.pictures, files.clip]);
    // Hold the upload until the progress bar has been seen.
    let release;
    const seen = new Promise((done) => (release = done));
    await page.route('**/upload_images/', async (route) => {
      await seen;
      await route.continue();
    });
    await upload.getByRole('button', { name: 'Upload' }).click();
    const bar = upload.getByRole('progressbar');
    await bar.waitFor();
    assert.ok((await bar.getAttribute('aria-valuenow')) !== null, 'the bar has a value');
    release();
    await page.getByText('Images uploaded successfully').waitFor({ timeout: 30_000 });
    await page.unroute('**/upload_images/');

    const editor = page.getByRole('region', { name: albumTitle });
    await editor.waitFor();
    assert.equal(await editor.getByRole('listitem').count(), 3, 'two pictures and a video');
    await page.screenshot({ path: shot('admin-gallery-1280'), fullPage: true });
    assert.deepEqual(await axeFindings(page), [], 'axe finds nothing serious on /admin/gallery');

    // The video is converted in the background; the gallery shows it once it is ready. The
    // admin's own answer lists it while it is still processing, so wait for all three ready.
    await page.waitForFunction(
      async (title) => {
        const albums = await (await fetch('/api/albums/')).json();
        const images = albums.find((album) => album.title === title)?.images ?? [];
        return images.length === 3 && images.every((image) => image.status === 'ready');
      },
      albumTitle,
      { polling: 500, timeout: 60_000 },
    );
    // Once all three are ready the public gallery counts them. A run under load (stop 35's
    // full run) once drew the page with 2 just after the wait above; the cause is not found,
    // so the page is read again for a few seconds before the count is held to 3.
    const card = page.getByRole('link').filter({ hasText: albumTitle });
    let count = '';
    for (let tries = 0; tries < 5 && count !== '3 photos'; tries += 1) {
      if (tries > 0) await page.waitForTimeout(1000);
      await page.goto(`${baseUrl}/gallery`);
      await card.waitFor();
      count = (await card.innerText()).match(/\d+ photos/)?.[0] ?? '';
    }
    assert.equal(count, '3 photos', 'both pictures and the converted video');
    await page.getByRole('link').filter({ hasText: albumTitle }).click();
    const grid = page.getByRole('list', { name: albumTitle });
    await grid.waitFor();
    assert.equal(await grid.getByRole('button').count(), 3);
    assert.equal(await grid.getByRole('button', { name: /\(video\)$/ }).count(), 1, 'one video tile');
    await grid.getByRole('button', { name: /\(video\)$/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.locator('.yarl__slide_current video source[type="video/mp4"]').waitFor({ state: 'attached' });
    await page.keyboard.press('ArrowLeft');
    await dialog.locator('.yarl__slide_current img').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${baseUrl}/admin/gallery`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.getByText('You have signed out').waitFor();
    assert.equal(await nav.getByRole('link', { name: 'Manage Gallery', includeHidden: true }).count(), 0, 'the link is gone');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal(await nav.getByRole('link', { name: 'Manage Gallery', includeHidden: true }).count(), 0, 'still gone after a reload');
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('/admin/gallery at 390 px', { skip: !admin.username || !admin.password }, async () => {
    const { page, context } = await openPage(390);
    await signIn(page);
    await page.getByRole('list', { name: 'Albums to manage' }).waitFor();
    await page.getByRole('button', { name: /^Manage /, exact: false }).first().click();
    await check(page, 'admin-gallery', 390);
    await context.close();
  });
});
