import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UploadedImage } from '../../../contracts/admin-campaign-editor';
import { CampaignEditorPage } from '../../../src/features/admin/campaign-editor/CampaignEditorPage';
import { adminCampaignsApi } from '../../../src/lib/api/admin-campaigns';
import { ApiRequestError } from '../../../src/lib/http/api-error';
import { draftEditor } from '../../machines/campaign-editor.fixtures';
import { makeUser, renderPage } from '../features/harness';

/**
 * Issue 28 ("Uploads in machines"): the editor's cover and story pictures are sent by the section's machine,
 * through the admin API as before. What the admin sees: the upload on its way (and the control that sent
 * it disabled), the picture in place once done, and the server's reason when it refuses one.
 */

vi.mock('../../../src/lib/api/admin-campaigns', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/lib/api/admin-campaigns')>()),
  adminCampaignsApi: {
    load: vi.fn(),
    save: vi.fn(),
    act: vi.fn(),
    restore: vi.fn(),
    checkSlug: vi.fn(),
    uploadCover: vi.fn(),
    uploadStoryImage: vi.fn(),
  },
}));
vi.mock('../../../src/app/toast', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn(), dismiss: vi.fn() },
  useToast: () => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn(), dismiss: vi.fn() }),
}));

// Only archiving is offered: the pictures are what this page is about.
const editor = draftEditor({ actions: ['archive'] });
const cover: UploadedImage = { url: '/img/campaign-covers/00000000-0000-4000-8000-000000000009.jpg', width: 1920, height: 1080 };
const storyImage: UploadedImage = { url: '/img/story-images/00000000-0000-4000-8000-00000000000a.webp', width: 1200, height: 800 };
const tooSmall = new ApiRequestError({
  status: 400,
  code: 'image.too_small',
  messages: ['A capa deve ter pelo menos 960 × 540 pixels'],
});

/** An upload the test answers when it wants to, to see the page while it is on its way. */
function pending<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** jsdom decodes no pictures: this one "loads" at 1600 × 1200 (4:3) as soon as it has an address. */
class LoadedImage {
  naturalWidth = 1600;
  naturalHeight = 1200;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(_: string) {
    queueMicrotask(() => this.onload?.());
  }
}

const jpeg = (name: string) => new File(['not really a jpeg'], name, { type: 'image/jpeg' });

const open = async () => {
  await renderPage(() => <CampaignEditorPage slug="horta" categories={[]} tags={[]} />, {
    path: '/admin/campaigns/edit',
    url: '/admin/campaigns/edit?slug=horta',
    user: makeUser(),
  });
  await screen.findByText('Escolher a capa');
};

beforeEach(() => {
  vi.mocked(adminCampaignsApi.load).mockResolvedValue({ editor, versions: [], audit: [] });
  vi.mocked(adminCampaignsApi.save).mockResolvedValue({ version: 2, saved_at: '2026-11-25T12:00:05.000Z', unpublished_changes: true });
  vi.stubGlobal('Image', LoadedImage);
  URL.createObjectURL = vi.fn(() => 'blob:chosen-cover');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('the campaign editor: the cover', () => {
  const chooseCover = async (file: File) => {
    fireEvent.change(screen.getByLabelText('Escolher a capa', { exact: false }), { target: { files: [file] } });
    return screen.findByRole('button', { name: /Usar esta capa|Enviando…/ });
  };

  it('sends the chosen cover with its focus point, says so meanwhile, and shows it once done', async () => {
    const upload = pending<UploadedImage>();
    vi.mocked(adminCampaignsApi.uploadCover).mockReturnValue(upload.promise);
    await open();
    const file = jpeg('horta.jpg');
    const use = await chooseCover(file);
    expect(screen.getByTestId('cover-crop')).toBeInTheDocument();
    fireEvent.click(use);
    expect(await screen.findByRole('button', { name: 'Enviando…' })).toBeDisabled();
    expect(adminCampaignsApi.uploadCover).toHaveBeenCalledTimes(1);
    expect(adminCampaignsApi.uploadCover).toHaveBeenCalledWith(file, { x: 0.5, y: 0.5 });
    upload.resolve(cover);
    expect(await screen.findByRole('img', { name: 'Capa atual' })).toHaveAttribute('src', cover.url);
    expect(screen.queryByTestId('cover-crop')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Usar esta capa' })).not.toBeInTheDocument();
    expect(screen.getByText('Trocar a capa')).toBeInTheDocument();
    // The new address is a change of the draft, not yet saved.
    expect(screen.getByTestId('save-state')).toHaveTextContent('Alterações não salvas');
  });

  it("shows the server's reason for a refused cover and lets the admin send it again", async () => {
    vi.mocked(adminCampaignsApi.uploadCover).mockRejectedValueOnce(tooSmall).mockReturnValue(pending<UploadedImage>().promise);
    await open();
    fireEvent.click(await chooseCover(jpeg('pequena.jpg')));
    expect(await screen.findByRole('alert')).toHaveTextContent('A capa deve ter pelo menos 960 × 540 pixels');
    expect(screen.getByRole('button', { name: 'Usar esta capa' })).toBeEnabled();
    expect(screen.queryByRole('img', { name: 'Capa atual' })).not.toBeInTheDocument();
    // Sent again: the refusal goes while the upload is on its way.
    fireEvent.click(screen.getByRole('button', { name: 'Usar esta capa' }));
    expect(await screen.findByRole('button', { name: 'Enviando…' })).toBeDisabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(adminCampaignsApi.uploadCover).toHaveBeenCalledTimes(2);
  });

  it('forgets a refusal when another file is chosen', async () => {
    vi.mocked(adminCampaignsApi.uploadCover).mockRejectedValueOnce(tooSmall);
    await open();
    fireEvent.click(await chooseCover(jpeg('pequena.jpg')));
    expect(await screen.findByRole('alert')).toHaveTextContent('A capa deve ter pelo menos 960 × 540 pixels');
    await chooseCover(jpeg('maior.jpg'));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('refuses a file over 5 MB before sending anything', async () => {
    await open();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'enorme.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Escolher a capa', { exact: false }), { target: { files: [big] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('A imagem deve ter no máximo 5 MB');
    expect(adminCampaignsApi.uploadCover).not.toHaveBeenCalled();
  });
});

describe('the campaign editor: pictures in the story', () => {
  const pictureInput = async () => {
    await screen.findByRole('toolbar', { name: 'Formatação da história' });
    return screen.getByLabelText(/Imagem/) as HTMLInputElement;
  };

  it('sends the picture, says so meanwhile, and puts it in the story named after its file', async () => {
    const upload = pending<UploadedImage>();
    vi.mocked(adminCampaignsApi.uploadStoryImage).mockReturnValue(upload.promise);
    await open();
    const input = await pictureInput();
    const file = jpeg('horta-no-inverno.jpg');
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByRole('status')).toHaveTextContent('Enviando imagem…');
    expect(input).toBeDisabled();
    expect(adminCampaignsApi.uploadStoryImage).toHaveBeenCalledWith(file);
    upload.resolve(storyImage);
    const story = screen.getByRole('textbox', { name: 'História da campanha' });
    const picture = await within(story).findByRole('img', { name: 'horta-no-inverno' });
    expect(picture).toHaveAttribute('src', storyImage.url);
    expect(screen.queryByText('Enviando imagem…')).not.toBeInTheDocument();
    expect(input).toBeEnabled();
  });

  it("shows the server's reason for a refused picture until the next one is sent", async () => {
    const next = pending<UploadedImage>();
    vi.mocked(adminCampaignsApi.uploadStoryImage)
      .mockRejectedValueOnce(new ApiRequestError({ status: 400, code: 'image.type', messages: ['Envie uma imagem JPEG, PNG ou WebP'] }))
      .mockReturnValueOnce(next.promise);
    await open();
    const input = await pictureInput();
    fireEvent.change(input, { target: { files: [jpeg('desenho.jpg')] } });
    const toolbar = screen.getByRole('toolbar', { name: 'Formatação da história' });
    expect(await within(toolbar).findByRole('alert')).toHaveTextContent('Envie uma imagem JPEG, PNG ou WebP');
    expect(input).toBeEnabled();
    fireEvent.change(input, { target: { files: [jpeg('foto.jpg')] } });
    expect(await within(toolbar).findByRole('status')).toHaveTextContent('Enviando imagem…');
    expect(within(toolbar).queryByRole('alert')).not.toBeInTheDocument();
    expect(adminCampaignsApi.uploadStoryImage).toHaveBeenCalledTimes(2);
  });
});
