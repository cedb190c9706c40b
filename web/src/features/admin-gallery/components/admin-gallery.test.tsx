import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { album, albumPicture } from '@/testing/albums';
import { TEST_CSRF_TOKEN } from '@/testing/cookies';
import { json, mockApi } from '@/testing/mock-api';
import { renderPage } from '@/testing/render';
import { AdminGallery } from './admin-gallery';

/** A stand-in XMLHttpRequest: records what was sent, reports progress, answers as told. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  static answer: { status: number; body: unknown } = { status: 200, body: null };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  responseType = '';
  status = 0;
  responseText = '';
  body: FormData | null = null;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  /** Half the body has gone, then the answer comes. */
  finish() {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    this.status = FakeXhr.answer.status;
    this.responseText = JSON.stringify(FakeXhr.answer.body);
    this.onload?.();
  }
}

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

function renderAdmin(albums = [album(1, { title: 'Summer weddings' }), album(2, { title: 'Wreaths' })]) {
  mockApi.on('GET', '/api/admin/albums/', () => json(albums));
  const signedOut = vi.fn();
  renderPage(<AdminGallery onSignedOut={signedOut} />, { path: '/admin/gallery' });
  return { signedOut };
}

describe('the admin gallery', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists the albums with their counts', async () => {
    renderAdmin();
    const list = await screen.findByRole('list', { name: 'Albums to manage' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list).toHaveTextContent('Summer weddings');
    expect(list).toHaveTextContent('3 photos');
  });

  it('raises “Failed to fetch albums” when the albums cannot be had', async () => {
    mockApi.on('GET', '/api/admin/albums/', () => json({ error: 'down' }, 500));
    renderPage(<AdminGallery onSignedOut={() => {}} />, { path: '/admin/gallery' });
    expect(await screen.findAllByText('Failed to fetch albums')).toHaveLength(2);
  });

  it('sends a signed-out admin away (401)', async () => {
    mockApi.on('GET', '/api/admin/albums/', () => json({ error: 'Please sign in.' }, 401));
    const signedOut = vi.fn();
    renderPage(<AdminGallery onSignedOut={signedOut} />, { path: '/admin/gallery' });
    await waitFor(() => expect(signedOut).toHaveBeenCalled());
  });

  it('needs a title for a new album, then says “Album created successfully”', async () => {
    const user = userEvent.setup();
    const created = album(3, { title: 'Autumn tables', images: [], featured_image: null, featured_image_url: null });
    const bodies: unknown[] = [];
    mockApi.on('POST', '/api/albums/', async (request) => {
      bodies.push(await request.json());
      return json(created, 201);
    });
    renderAdmin();
    const form = screen.getByRole('form', { name: 'New album' });
    await user.click(within(form).getByRole('button', { name: 'Create album' }));
    expect(within(form).getByText('Please give the album a title.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/Title/)).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toHaveLength(0);

    await user.type(within(form).getByLabelText(/Title/), 'Autumn tables');
    await user.type(within(form).getByLabelText(/Description/), 'Dahlias and rosehips.');
    await user.click(within(form).getByRole('button', { name: 'Create album' }));
    expect(await screen.findByText('Album created successfully')).toBeInTheDocument();
    expect(bodies).toEqual([{ title: 'Autumn tables', description: 'Dahlias and rosehips.' }]);
    expect(mockApi.requests.at(-1)?.headers.get('X-CSRFToken')).toBe(TEST_CSRF_TOKEN);
    // The new album is chosen for the upload and shown for editing.
    expect(screen.getByLabelText(/^Album/, { selector: 'select' })).toHaveValue('3');
    expect(screen.getByRole('heading', { level: 2, name: 'Autumn tables' })).toBeInTheDocument();
  });

  it('says “Failed to create album” with the server’s reason', async () => {
    const user = userEvent.setup();
    mockApi.on('POST', '/api/albums/', () => json({ error: 'That title is too long.' }, 400));
    renderAdmin();
    const form = screen.getByRole('form', { name: 'New album' });
    await user.type(within(form).getByLabelText(/Title/), 'Something');
    await user.click(within(form).getByRole('button', { name: 'Create album' }));
    expect(await screen.findByText('Failed to create album')).toBeInTheDocument();
    expect(screen.getByText('That title is too long.')).toBeInTheDocument();
  });

  it('needs an album and at least one file before uploading', async () => {
    const user = userEvent.setup();
    renderAdmin();
    await screen.findByRole('list', { name: 'Albums to manage' });
    const form = screen.getByRole('form', { name: 'Upload pictures and videos' });
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(within(form).getByText('Please choose the album to upload to.')).toBeInTheDocument();
    expect(within(form).getByText('Please choose at least one picture or video.')).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);

    await user.selectOptions(within(form).getByLabelText(/^Album/), 'Wreaths');
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(within(form).queryByText('Please choose the album to upload to.')).not.toBeInTheDocument();
    expect(within(form).getByText('Please choose at least one picture or video.')).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('sends only pictures, videos and .heic; a featured image must be a picture', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderAdmin();
    await screen.findByRole('list', { name: 'Albums to manage' });
    const form = screen.getByRole('form', { name: 'Upload pictures and videos' });
    const filesInput = within(form).getByLabelText('Pictures and videos');
    expect(filesInput).toHaveAttribute('accept', 'image/*,video/*,.heic');
    expect(filesInput).toHaveAttribute('multiple');

    await user.upload(filesInput, [
      png('arch.png'),
      new File(['x'], 'IMG_0042.HEIC', { type: '' }),
      new File(['x'], 'clip.mp4', { type: 'video/mp4' }),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
      new File(['x'], 'order.pdf', { type: 'application/pdf' }),
    ]);
    const chosen = within(form).getByRole('list', { name: 'Chosen files' });
    expect(within(chosen).getAllByText(/Will not be sent/)).toHaveLength(2);

    await user.upload(within(form).getByLabelText(/Featured picture/), new File(['x'], 'clip2.mp4', { type: 'video/mp4' }));
    expect(within(form).getByText(/The featured image must be a picture/)).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText(/^Album/), 'Summer weddings');
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(FakeXhr.sent).toHaveLength(0);

    await user.upload(within(form).getByLabelText(/Featured picture/), png('cover.png'));
    FakeXhr.answer = { status: 200, body: { album: album(1, { title: 'Summer weddings' }), refused: [] } };
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toMatch(/\/api\/albums\/1\/upload_images\/$/);
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers['X-CSRFToken']).toBe(TEST_CSRF_TOKEN);
    expect(xhr.body?.getAll('images').map((file) => (file as File).name)).toEqual(['arch.png', 'IMG_0042.HEIC', 'clip.mp4']);
    expect((xhr.body?.get('featured_image') as File).name).toBe('cover.png');

    // The progress bar follows the body going out.
    const bar = within(form).getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 30, total: 100 });
    await waitFor(() => expect(within(form).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30'));
    xhr.finish();
    expect(await screen.findByText('Images uploaded successfully')).toBeInTheDocument();
    expect(within(form).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows each file the server refused, with why', async () => {
    const user = userEvent.setup();
    renderAdmin();
    await screen.findByRole('list', { name: 'Albums to manage' });
    const form = screen.getByRole('form', { name: 'Upload pictures and videos' });
    await user.selectOptions(within(form).getByLabelText(/^Album/), 'Wreaths');
    await user.upload(within(form).getByLabelText('Pictures and videos'), [png('good.png'), png('fake.png')]);
    FakeXhr.answer = {
      status: 200,
      body: { album: album(2, { title: 'Wreaths' }), refused: [{ file_name: 'fake.png', reason: 'This file is not a picture or a video we can read.' }] },
    };
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.finish();
    const refused = await within(form).findByRole('list', { name: 'Files not stored' });
    expect(refused).toHaveTextContent('fake.png: This file is not a picture or a video we can read.');
    expect(await screen.findByText('Images uploaded successfully')).toBeInTheDocument();
  });

  it('says “Failed to upload images” when the server says no', async () => {
    const user = userEvent.setup();
    renderAdmin();
    await screen.findByRole('list', { name: 'Albums to manage' });
    const form = screen.getByRole('form', { name: 'Upload pictures and videos' });
    await user.selectOptions(within(form).getByLabelText(/^Album/), 'Wreaths');
    await user.upload(within(form).getByLabelText('Pictures and videos'), [png('a.png')]);
    FakeXhr.answer = { status: 413, body: { error: 'These files are too large together.' } };
    await user.click(within(form).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.finish();
    expect(await screen.findByText('Failed to upload images')).toBeInTheDocument();
    expect(screen.getByText('These files are too large together.')).toBeInTheDocument();
  });

  it('edits a caption, moves a picture, picks the featured one and deletes after a confirm', async () => {
    const user = userEvent.setup();
    const shown = album(1, { title: 'Summer weddings', images: [albumPicture(11), albumPicture(12), albumPicture(13)], featured_image: 11 });
    const calls: string[] = [];
    mockApi.on('PUT', '/api/albums/1/images/12/', async (request) => {
      calls.push(`caption ${JSON.stringify(await request.json())}`);
      return json({ status: 'success' });
    });
    mockApi.on('POST', '/api/albums/1/reorder/', async (request) => {
      calls.push(`reorder ${JSON.stringify(await request.json())}`);
      return json({ status: 'success' });
    });
    mockApi.on('PUT', '/api/albums/1/', async (request) => {
      const body = (await request.json()) as { featured_image: number };
      calls.push(`featured ${body.featured_image}`);
      return json({ ...shown, featured_image: body.featured_image });
    });
    mockApi.on('DELETE', '/api/albums/1/images/13/', () => {
      calls.push('delete 13');
      return json({ status: 'success' });
    });
    renderAdmin([shown]);
    await user.click(await screen.findByRole('button', { name: 'Manage Summer weddings' }));
    const editor = screen.getByRole('region', { name: 'Summer weddings' });

    await user.type(within(editor).getByLabelText('Caption for picture 2'), 'Sweet peas');
    await user.click(within(editor).getByRole('button', { name: 'Save caption for picture 2' }));
    expect(await screen.findByText('Caption saved')).toBeInTheDocument();

    await user.click(within(editor).getByRole('button', { name: 'Move picture 3 up' }));
    await screen.findByText('Moved up');

    await user.click(within(editor).getByRole('button', { name: 'Make featured: picture 2' }));
    await screen.findByText('Featured picture chosen');

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await user.click(within(editor).getByRole('button', { name: 'Delete picture 3' }));
    expect(calls).not.toContain('delete 13');
    await user.click(within(editor).getByRole('button', { name: 'Delete picture 3' }));
    await screen.findByText('The picture was deleted');
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(calls).toEqual(['caption {"caption":"Sweet peas"}', 'reorder {"image_ids":[11,13,12]}', 'featured 12', 'delete 13']);
  });
});
