import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { toast, useScreenToasts } from '@client/components/ui/toaster';
import { ApiError } from '@client/lib/api';
import { BARCODE_TEXT } from '@common/messages';
import { BARCODE_MAX_BYTES } from '@common/schemas/barcodes';
import { BARCODE_CHECK_TEXT } from '@common/texts/barcode-check';
import { KEPT_TICKETS_TEXT } from '@common/texts/kept-tickets';
import { Barcode, CheckCircle2, ChevronDown, ChevronUp, Download, Trash2, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { barcodeDownloadPath, useDownloadBarcode, useRemoveBarcode, useUploadBarcode } from './api';

export type TransferStatus = 'not_started' | 'initiated' | 'completed';

export interface BarcodeSectionProps {
  ticketId: number;
  role: 'seller' | 'buyer';
  transferStatus: TransferStatus;
  /** The buyer's view: whether the seller uploaded one. */
  hasBarcode: boolean;
  /** The seller's view: the uploaded image, shown as a thumbnail (null when there is none). */
  barcodeUrl?: string | null;
  /** Called after an upload or removal, so the page can refresh its ticket list. */
  onBarcodeChange?: () => void;
}

/**
 * Spec 001 §5: at most 10 MB, an image type; the inline text and the toast of each rule. The size comes
 * first: it is known for every file, while a browser may not type a real photo (HEIC, RAW), and a seller
 * told 'Please select an image file' about a photo would not learn that its size was the problem.
 */
export function checkBarcodeFile(file: File): { inline: string; title: string; description: string } | null {
  if (file.size > BARCODE_MAX_BYTES)
    return {
      inline: BARCODE_TEXT.tooLarge,
      title: BARCODE_TEXT.tooLargeTitle,
      description: BARCODE_TEXT.tooLargeToast,
    };
  if (!file.type.startsWith('image/') && file.type !== 'application/pdf')
    return {
      inline: BARCODE_TEXT.invalidType,
      title: BARCODE_TEXT.invalidTypeTitle,
      description: BARCODE_TEXT.invalidTypeToast,
    };
  return null;
}

function serverText(error: unknown): string | undefined {
  return error instanceof ApiError ? error.serverMessage : undefined;
}

/** The seller's barcode changes: upload (checked first), replace, remove, with their toasts. */
function useSellerBarcode(ticketId: number, onChange: (url: string | null) => void) {
  const [inlineError, setInlineError] = useState<string | null>(null);
  const upload = useUploadBarcode(ticketId);
  const remove = useRemoveBarcode(ticketId);
  const errorToasts = useScreenToasts();

  async function onFile(file: File) {
    errorToasts.dismiss();
    const problem = checkBarcodeFile(file);
    if (problem) {
      setInlineError(problem.inline);
      errorToasts.toast({ title: problem.title, description: problem.description, variant: 'destructive' });
      return;
    }
    setInlineError(null);
    try {
      const answer = await upload.mutateAsync(file);
      // The spec's sentence first; then what the barcode check found (decision 0085).
      const check = answer.barcodeChecked
        ? BARCODE_CHECK_TEXT.checked(answer.barcodesFound)
        : answer.barcodesFound === 0
          ? BARCODE_CHECK_TEXT.noneFound
          : null;
      toast({
        title: BARCODE_TEXT.uploaded,
        description: check
          ? `${BARCODE_TEXT.uploadedDescription} ${check}`
          : BARCODE_TEXT.uploadedDescription,
      });
      onChange(answer.cloudinaryUrl);
    } catch (error) {
      setInlineError(serverText(error) ?? BARCODE_TEXT.uploadFailedInline);
      errorToasts.toast({
        title: BARCODE_TEXT.uploadFailedTitle,
        description: serverText(error) ?? BARCODE_TEXT.uploadFailed,
        variant: 'destructive',
      });
    }
  }

  async function onRemove() {
    errorToasts.dismiss();
    try {
      await remove.mutateAsync();
      setInlineError(null);
      toast({ title: BARCODE_TEXT.removed, description: BARCODE_TEXT.removedDescription });
      onChange(null);
    } catch (error) {
      errorToasts.toast({
        title: BARCODE_TEXT.errorTitle,
        description: serverText(error) ?? BARCODE_TEXT.removeFailed,
        variant: 'destructive',
      });
    }
  }

  return {
    onFile,
    onRemove,
    inlineError,
    uploading: upload.isPending,
    busy: upload.isPending || remove.isPending,
  };
}

/**
 * Seller: 'Barcode Upload Required' with a toggle for the upload panel while there is none; once uploaded,
 * 'Barcode Uploaded' with the image and Replace / Remove at once (no reload, no toggle to find them).
 */
function SellerBarcode({
  ticketId,
  transferStatus,
  barcodeUrl = null,
  onBarcodeChange,
}: Omit<BarcodeSectionProps, 'role' | 'hasBarcode'>) {
  const [url, setUrl] = useState(barcodeUrl);
  const [open, setOpen] = useState(true);
  const inputRef = useRef<HTMLInputElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const focusActions = useRef(false);
  const inputId = useId();
  const panelId = useId();
  const locked = transferStatus === 'completed';
  // Once the buyer was told to download it, the barcode can be replaced (they are told) but not removed (0041).
  const removable = transferStatus === 'not_started';
  const barcode = useSellerBarcode(ticketId, (next) => {
    setUrl(next);
    // The button used is replaced by the other state's: focus moves to its successor, not to the page.
    focusActions.current = true;
    onBarcodeChange?.();
  });
  const present = url !== null;

  useEffect(() => setUrl(barcodeUrl), [barcodeUrl]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the barcode comes or goes, which swaps the buttons.
  useEffect(() => {
    if (!focusActions.current) return;
    focusActions.current = false;
    actionsRef.current?.querySelector('button')?.focus();
  }, [present]);

  const fileInput = (
    <input
      ref={inputRef}
      id={inputId}
      type="file"
      accept="image/*,application/pdf"
      className="sr-only"
      aria-label={BARCODE_TEXT.chooseFile}
      aria-invalid={barcode.inlineError ? true : undefined}
      disabled={locked || barcode.busy}
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) void barcode.onFile(file);
      }}
    />
  );
  const actions = locked ? null : (
    <div ref={actionsRef} className="flex flex-wrap gap-2">
      <Button size="sm" disabled={barcode.busy} onClick={() => inputRef.current?.click()}>
        {barcode.uploading ? <Spinner label={BARCODE_TEXT.uploading} /> : <Upload aria-hidden />}
        {present ? BARCODE_TEXT.replace : BARCODE_TEXT.upload}
      </Button>
      {present && removable ? (
        <Button
          size="sm"
          variant="outline"
          className="text-destructive hover:text-destructive"
          disabled={barcode.busy}
          onClick={() => void barcode.onRemove()}
        >
          <Trash2 aria-hidden />
          {BARCODE_TEXT.remove}
        </Button>
      ) : null}
    </div>
  );
  const inlineError = barcode.inlineError ? (
    <p role="alert" className="text-sm font-medium text-destructive">
      {barcode.inlineError}
    </p>
  ) : null;

  if (present)
    return (
      <section
        aria-labelledby={`${panelId}-title`}
        className="grid gap-3 rounded-lg border border-success/40 bg-success-soft/60 p-3"
      >
        <h4 id={`${panelId}-title`} className="flex items-center gap-2 text-sm font-semibold">
          <CheckCircle2 className="size-4 text-success" aria-hidden />
          {BARCODE_TEXT.uploadedTitle}
        </h4>
        <div className="flex flex-wrap items-start gap-3">
          <img
            src={url}
            alt={BARCODE_TEXT.thumbnailAlt}
            className="h-20 w-32 shrink-0 rounded border border-border bg-white object-contain"
          />
          <div className="grid min-w-0 gap-2">
            <p className="text-sm font-medium" data-testid="barcode-state">
              {BARCODE_TEXT.current}
            </p>
            {fileInput}
            {actions}
            {actions && !removable ? (
              <p className="text-sm text-muted-foreground">{BARCODE_TEXT.replaceHint}</p>
            ) : null}
          </div>
        </div>
        {inlineError}
      </section>
    );

  return (
    <section
      aria-labelledby={`${panelId}-title`}
      className="grid gap-3 rounded-lg border border-warning/40 bg-warning-soft/60 p-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={`${panelId}-title`} className="flex items-center gap-2 text-sm font-semibold">
          <Barcode className="size-4" aria-hidden />
          {BARCODE_TEXT.uploadTitle}
        </h4>
        <Button
          variant="outline"
          size="sm"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
          {open ? BARCODE_TEXT.hideUpload : BARCODE_TEXT.showUpload}
        </Button>
      </div>
      <div id={panelId} hidden={!open} className="grid gap-3">
        <p className="text-sm text-muted-foreground">{BARCODE_TEXT.uploadIntro}</p>
        <p className="text-sm font-medium" data-testid="barcode-state">
          {BARCODE_TEXT.none}
        </p>
        {fileInput}
        {actions}
        {inlineError}
      </div>
    </section>
  );
}

/**
 * Buyer: Barcode Access; the download opens once the seller initiated the transfer (spec 001 §4). From
 * then on the barcode also shows on the card, fetched like the download, so that the device keeps it and
 * it opens at the gate without signal (decision 0098); an image that cannot be had is left out.
 */
function BuyerBarcode({
  ticketId,
  transferStatus,
  hasBarcode,
}: Omit<BarcodeSectionProps, 'role' | 'barcodeUrl'>) {
  const download = useDownloadBarcode(ticketId);
  const available = transferStatus !== 'not_started';
  const [imageFailed, setImageFailed] = useState(false);

  function onDownload() {
    download.mutate(undefined, {
      onSuccess: () => toast({ title: BARCODE_TEXT.downloadStarted }),
      onError: () =>
        toast({
          title: BARCODE_TEXT.downloadFailedTitle,
          description: BARCODE_TEXT.downloadFailed,
          variant: 'destructive',
        }),
    });
  }

  return (
    <section className="grid gap-2 rounded-lg border border-info/30 bg-info-soft/60 p-3">
      <h4 className="flex items-center gap-2 text-sm font-semibold">
        <Barcode className="size-4" aria-hidden />
        {BARCODE_TEXT.accessTitle}
      </h4>
      {available && !hasBarcode ? (
        <p className="text-sm text-muted-foreground">{BARCODE_TEXT.notUploadedYet}</p>
      ) : null}
      {available && hasBarcode && !imageFailed ? (
        <img
          src={barcodeDownloadPath(ticketId)}
          alt={KEPT_TICKETS_TEXT.barcodeAlt}
          data-testid="buyer-barcode"
          onError={() => setImageFailed(true)}
          className="max-h-64 w-full max-w-sm rounded border border-border bg-white object-contain"
        />
      ) : null}
      <div>
        <Button size="sm" disabled={!available || !hasBarcode || download.isPending} onClick={onDownload}>
          {download.isPending ? <Spinner label={BARCODE_TEXT.download} /> : <Download aria-hidden />}
          {available ? BARCODE_TEXT.download : BARCODE_TEXT.availableAfterTransfer}
        </Button>
      </div>
    </section>
  );
}

/** A paper ticket's barcode on a My Tickets card (spec 001 §2 paper tickets). */
export function BarcodeSection({ role, hasBarcode, barcodeUrl, ...props }: BarcodeSectionProps) {
  return role === 'seller' ? (
    <SellerBarcode barcodeUrl={barcodeUrl} {...props} />
  ) : (
    <BuyerBarcode hasBarcode={hasBarcode} {...props} />
  );
}
