import { Toaster } from '@client/components/ui/toaster';
import { createQueryClient } from '@client/lib/query-client';
import { type FetchCall, fakeApi, json } from '@client/lib/test-fetch';
import { BARCODE_TEXT } from '@common/messages';
import { BARCODE_MAX_BYTES } from '@common/schemas/barcodes';
import { KEPT_TICKETS_TEXT } from '@common/texts/kept-tickets';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast as sonner } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BarcodeSection, type BarcodeSectionProps } from './barcode-section';

let calls: FetchCall[] = [];
let answers: Record<string, () => Response> = {};

beforeEach(() => {
  answers = {
    'POST /api/tickets/barcode/upload': () =>
      json(200, {
        success: true,
        cloudinaryUrl: '/api/images/img_x',
        cloudinaryPublicId: 'img_x',
        message: 'Barcode uploaded successfully',
        barcodesFound: 1,
        barcodeChecked: true,
      }),
    'DELETE /api/tickets/4/barcode': () =>
      json(200, { success: true, message: 'Barcode removed successfully' }),
    'GET /api/tickets/4/barcode/download': () =>
      new Response(new Uint8Array([0xff, 0xd8, 0xff]), {
        status: 200,
        headers: { 'content-type': 'image/jpeg' },
      }),
  };
  calls = fakeApi(
    ({ method, url }) => answers[`${method} ${url}`]?.() ?? json(404, { message: 'Not found' }),
  );
  URL.createObjectURL = vi.fn(() => 'blob:barcode');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  sonner.dismiss();
});

function renderSection(props: Partial<BarcodeSectionProps> = {}) {
  const onBarcodeChange = vi.fn();
  const user = userEvent.setup({ applyAccept: false });
  const section: BarcodeSectionProps = {
    ticketId: 4,
    role: 'seller',
    transferStatus: 'not_started',
    hasBarcode: false,
    onBarcodeChange,
    ...props,
  };
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BarcodeSection {...section} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { user, onBarcodeChange };
}

const png = (size = 10) => new File([new Uint8Array(size)], 'code.png', { type: 'image/png' });
const fileInput = () => screen.getByLabelText(BARCODE_TEXT.chooseFile);

describe('BarcodeSection for the seller', () => {
  it('shows Barcode Upload Required with a show/hide toggle while there is no barcode', async () => {
    const { user } = renderSection();
    expect(screen.getByRole('heading', { name: BARCODE_TEXT.uploadTitle })).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: BARCODE_TEXT.hideUpload });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: BARCODE_TEXT.upload })).toBeVisible();
    await user.click(toggle);
    expect(screen.getByRole('button', { name: BARCODE_TEXT.showUpload })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.queryByRole('button', { name: BARCODE_TEXT.upload })).not.toBeInTheDocument();
  });

  it('shows an uploaded barcode at once: its heading, the image, Replace and Remove', () => {
    renderSection({ hasBarcode: true, barcodeUrl: '/api/images/img_old' });
    expect(screen.getByRole('heading', { name: BARCODE_TEXT.uploadedTitle })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: BARCODE_TEXT.uploadTitle })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: BARCODE_TEXT.thumbnailAlt })).toHaveAttribute(
      'src',
      '/api/images/img_old',
    );
    expect(screen.getByRole('button', { name: BARCODE_TEXT.replace })).toBeVisible();
    expect(screen.getByRole('button', { name: BARCODE_TEXT.remove })).toBeVisible();
  });

  it('uploads the file with the ticket id, then shows it with Replace and Remove without a reload', async () => {
    const { user, onBarcodeChange } = renderSection();
    expect(screen.getByTestId('barcode-state')).toHaveTextContent(BARCODE_TEXT.none);
    await user.upload(fileInput(), png());
    expect(await screen.findByText(BARCODE_TEXT.uploaded)).toBeInTheDocument();
    const form = calls.find((call) => call.url === '/api/tickets/barcode/upload')?.body as FormData;
    expect(form.get('ticketId')).toBe('4');
    expect((form.get('barcode') as File).name).toBe('code.png');
    expect(onBarcodeChange).toHaveBeenCalledTimes(1);
    // The card no longer asks for an upload: it shows the uploaded image, and focus is on Replace.
    expect(screen.getByTestId('barcode-state')).toHaveTextContent(BARCODE_TEXT.current);
    expect(screen.getByRole('heading', { name: BARCODE_TEXT.uploadedTitle })).toBeInTheDocument();
    expect(screen.queryByText(BARCODE_TEXT.uploadTitle)).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: BARCODE_TEXT.thumbnailAlt })).toHaveAttribute(
      'src',
      '/api/images/img_x',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: BARCODE_TEXT.replace })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: BARCODE_TEXT.remove }));
    expect(await screen.findByText(BARCODE_TEXT.removed)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
    expect(screen.getByRole('heading', { name: BARCODE_TEXT.uploadTitle })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: BARCODE_TEXT.upload })).toHaveFocus());
    expect(onBarcodeChange).toHaveBeenCalledTimes(2);
  });

  it('refuses a file that is not an image or a PDF, or is over 10 MB, before sending it', async () => {
    const { user } = renderSection();
    await user.upload(fileInput(), new File(['notes'], 'ticket.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent(BARCODE_TEXT.invalidType);
    expect(await screen.findByText(BARCODE_TEXT.invalidTypeTitle)).toBeInTheDocument();
    expect(screen.getByText(BARCODE_TEXT.invalidTypeToast)).toBeInTheDocument();

    await user.upload(fileInput(), png(BARCODE_MAX_BYTES + 1));
    expect(screen.getByRole('alert')).toHaveTextContent(BARCODE_TEXT.tooLarge);
    expect(await screen.findByText(BARCODE_TEXT.tooLargeTitle)).toBeInTheDocument();
    expect(screen.getByText(BARCODE_TEXT.tooLargeToast)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('names the 10 MB limit for an oversized photo the browser could not type', async () => {
    const { user } = renderSection();
    await user.upload(
      fileInput(),
      new File([new Uint8Array(BARCODE_MAX_BYTES + 1)], 'scan.heic', { type: '' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('File size exceeds 10MB limit');
    expect(await screen.findByText('Please select an image smaller than 10MB')).toBeInTheDocument();
    expect(screen.queryByText(BARCODE_TEXT.invalidType)).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows upload and removal failures with the server text or the spec defaults', async () => {
    answers['POST /api/tickets/barcode/upload'] = () =>
      json(413, { success: false, message: 'File size exceeds 10MB limit' });
    const { user } = renderSection({
      hasBarcode: true,
      barcodeUrl: '/api/images/img_old',
      transferStatus: 'not_started',
    });
    await user.upload(fileInput(), png());
    expect(await screen.findByText(BARCODE_TEXT.uploadFailedTitle)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('File size exceeds 10MB limit');

    answers['POST /api/tickets/barcode/upload'] = () => new Response('gateway down', { status: 502 });
    await user.upload(fileInput(), png());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(BARCODE_TEXT.uploadFailedInline));
    expect(await screen.findByText(BARCODE_TEXT.uploadFailed)).toBeInTheDocument();

    answers['DELETE /api/tickets/4/barcode'] = () => new Response('down', { status: 500 });
    await user.click(screen.getByRole('button', { name: BARCODE_TEXT.remove }));
    expect(await screen.findByText(BARCODE_TEXT.removeFailed)).toBeInTheDocument();
    expect(screen.getByText(BARCODE_TEXT.errorTitle)).toBeInTheDocument();
  });

  it('offers Replace but no Remove once the transfer is initiated, and says the buyer is told', () => {
    renderSection({ hasBarcode: true, barcodeUrl: '/api/images/img_old', transferStatus: 'initiated' });
    expect(screen.getByRole('button', { name: BARCODE_TEXT.replace })).toBeEnabled();
    expect(screen.queryByRole('button', { name: BARCODE_TEXT.remove })).not.toBeInTheDocument();
    expect(screen.getByText(BARCODE_TEXT.replaceHint)).toBeVisible();
  });

  it('offers no changes once the transfer is complete', () => {
    renderSection({ hasBarcode: true, barcodeUrl: '/api/images/img_old', transferStatus: 'completed' });
    expect(screen.getByTestId('barcode-state')).toHaveTextContent(BARCODE_TEXT.current);
    expect(screen.queryByRole('button', { name: BARCODE_TEXT.replace })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: BARCODE_TEXT.remove })).not.toBeInTheDocument();
  });
});

describe('BarcodeSection for the buyer', () => {
  it('shows Available After Transfer, disabled, until the transfer is initiated', () => {
    renderSection({ role: 'buyer', hasBarcode: true });
    expect(screen.getByRole('heading', { name: BARCODE_TEXT.accessTitle })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: BARCODE_TEXT.availableAfterTransfer })).toBeDisabled();
    expect(screen.queryByRole('button', { name: BARCODE_TEXT.download })).not.toBeInTheDocument();
  });

  it('downloads the barcode as ticket-{id}-barcode.jpg once initiated', async () => {
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push(this.download);
    });
    const { user } = renderSection({ role: 'buyer', hasBarcode: true, transferStatus: 'initiated' });
    await user.click(screen.getByRole('button', { name: BARCODE_TEXT.download }));
    expect(await screen.findByText(BARCODE_TEXT.downloadStarted)).toBeInTheDocument();
    expect(clicks).toEqual(['ticket-4-barcode.jpg']);
    expect(calls.at(-1)?.url).toBe('/api/tickets/4/barcode/download');
    click.mockRestore();
  });

  it('says when the download failed, and when no barcode was uploaded yet', async () => {
    answers['GET /api/tickets/4/barcode/download'] = () => json(404, { message: 'gone' });
    const { user } = renderSection({ role: 'buyer', hasBarcode: true, transferStatus: 'initiated' });
    await user.click(screen.getByRole('button', { name: BARCODE_TEXT.download }));
    expect(await screen.findByText(BARCODE_TEXT.downloadFailedTitle)).toBeInTheDocument();
    expect(screen.getByText(BARCODE_TEXT.downloadFailed)).toBeInTheDocument();
  });

  it('keeps Download disabled while the seller has not uploaded the barcode', () => {
    renderSection({ role: 'buyer', hasBarcode: false, transferStatus: 'initiated' });
    expect(screen.getByText(BARCODE_TEXT.notUploadedYet)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: BARCODE_TEXT.download })).toBeDisabled();
    expect(screen.queryByRole('img', { name: KEPT_TICKETS_TEXT.barcodeAlt })).not.toBeInTheDocument();
  });

  it('shows the barcode itself once it may be downloaded, so the device keeps it for the gate (0098)', () => {
    renderSection({ role: 'buyer', hasBarcode: true, transferStatus: 'completed' });
    const barcode = screen.getByRole('img', { name: KEPT_TICKETS_TEXT.barcodeAlt });
    expect(barcode).toHaveAttribute('src', '/api/tickets/4/barcode/download');
    // An image that cannot be had (offline, never kept) is left out; Download stays.
    fireEvent.error(barcode);
    expect(screen.queryByRole('img', { name: KEPT_TICKETS_TEXT.barcodeAlt })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: BARCODE_TEXT.download })).toBeEnabled();
  });

  it('shows no barcode before the transfer is initiated', () => {
    renderSection({ role: 'buyer', hasBarcode: true, transferStatus: 'not_started' });
    expect(screen.queryByRole('img', { name: KEPT_TICKETS_TEXT.barcodeAlt })).not.toBeInTheDocument();
  });
});
