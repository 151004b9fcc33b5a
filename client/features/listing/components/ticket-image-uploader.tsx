import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { toast, useScreenToasts } from '@client/components/ui/toaster';
import { ApiError } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { LISTING_TEXT } from '@common/messages';
import { useQueryClient } from '@tanstack/react-query';
import { ImagePlus, RefreshCw, Trash2, Upload } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { freshTicketQueryOptions, useUploadTicketImage } from '../api';
import { checkImageFile, type TicketImage } from '../listing-form-values';

interface TicketImageUploaderProps {
  value: TicketImage | null;
  onChange(image: TicketImage | null): void;
  /** The ticket being edited; offers to load its stored image again after a removal. */
  ticketId: number | null;
  error?: string;
}

/** Resolves whether the browser can display the image (it may have been removed from storage). */
function imageLoads(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(true);
    image.onerror = () => resolve(false);
    image.src = url;
  });
}

/** Ticket image: empty -> uploading -> uploaded (preview with Replace and Remove). */
export function TicketImageUploader({ value, onChange, ticketId, error }: TicketImageUploaderProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const upload = useUploadTicketImage();
  const queryClient = useQueryClient();
  const [loadingExisting, setLoadingExisting] = useState(false);
  const errorToasts = useScreenToasts();

  async function handleFile(file: File) {
    errorToasts.dismiss();
    const problem = await checkImageFile(file);
    if (problem) {
      setFileError(problem.fieldText);
      errorToasts.toast({ title: problem.title, description: problem.description, variant: 'destructive' });
      return;
    }
    setFileError(null);
    try {
      const uploaded = await upload.mutateAsync(file);
      onChange({ url: uploaded.cloudinaryUrl, publicId: uploaded.cloudinaryPublicId });
      toast({ title: LISTING_TEXT.imageUploaded });
    } catch (uploadError) {
      const description =
        (uploadError instanceof ApiError && uploadError.serverMessage) || LISTING_TEXT.uploadFailed;
      setFileError(description);
      errorToasts.toast({ title: LISTING_TEXT.uploadFailedTitle, description, variant: 'destructive' });
    }
  }

  function remove() {
    onChange(null);
    toast({ title: LISTING_TEXT.imageRemoved });
  }

  async function loadExistingImage() {
    if (ticketId === null) {
      toast({
        title: LISTING_TEXT.cannotLoadImageTitle,
        description: LISTING_TEXT.noTicketId,
        variant: 'destructive',
      });
      return;
    }
    setLoadingExisting(true);
    try {
      const ticket = await queryClient.fetchQuery(freshTicketQueryOptions(ticketId)).catch(() => null);
      if (!ticket) {
        toast({ title: LISTING_TEXT.fetchTicketFailed, variant: 'destructive' });
        return;
      }
      if (!ticket.cloudinaryUrl || !ticket.cloudinaryPublicId) {
        toast({
          title: LISTING_TEXT.noImageFoundTitle,
          description: LISTING_TEXT.noImageFound,
          variant: 'destructive',
        });
        return;
      }
      if (!(await imageLoads(ticket.cloudinaryUrl))) {
        toast({ title: LISTING_TEXT.loadImageFailed, variant: 'destructive' });
        return;
      }
      setFileError(null);
      onChange({ url: ticket.cloudinaryUrl, publicId: ticket.cloudinaryPublicId });
    } finally {
      setLoadingExisting(false);
    }
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void handleFile(file);
  }

  const shownError = fileError ?? error;
  return (
    <div className="grid gap-3">
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept="image/*"
        className="peer sr-only"
        aria-label="Ticket image"
        aria-invalid={shownError ? true : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void handleFile(file);
        }}
      />
      {upload.isPending ? (
        <div className="flex h-44 flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-primary/50 bg-primary-soft/40">
          <Spinner className="size-7" label="Uploading image" />
          <span className="text-sm font-medium text-primary">Uploading…</span>
        </div>
      ) : value ? (
        <div className="grid gap-2">
          <div className="overflow-hidden rounded-lg border border-border bg-muted">
            <img src={value.url} alt="Ticket preview" className="mx-auto max-h-56 w-full object-contain" />
          </div>
          <div className="grid grid-cols-2 gap-2">
            <Button variant="outline" size="sm" onClick={() => inputRef.current?.click()}>
              <RefreshCw />
              Replace
            </Button>
            <Button
              variant="outline"
              size="sm"
              className="text-destructive hover:text-destructive"
              onClick={remove}
            >
              <Trash2 />
              Remove
            </Button>
          </div>
        </div>
      ) : (
        <label
          htmlFor={inputId}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'flex h-44 cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-input bg-muted/40 px-4 text-center transition-colors hover:border-primary/60 hover:bg-primary-soft/30',
            // The file input itself is visually hidden: show its keyboard focus on the drop zone.
            'peer-focus-visible:border-primary peer-focus-visible:ring-2 peer-focus-visible:ring-ring',
            dragging && 'border-primary bg-primary-soft/50',
            shownError && 'border-destructive/60',
          )}
        >
          <span className="flex size-10 items-center justify-center rounded-full bg-primary-soft text-primary">
            <ImagePlus className="size-5" aria-hidden />
          </span>
          <span className="text-sm font-semibold">Upload a photo or screenshot of your ticket</span>
          <span className="text-xs text-muted-foreground">JPEG, PNG, GIF or WebP, up to 5MB</span>
        </label>
      )}
      {!value && !upload.isPending && ticketId !== null ? (
        <Button variant="ghost" size="sm" onClick={loadExistingImage} disabled={loadingExisting}>
          <Upload />
          Load existing image
        </Button>
      ) : null}
      {shownError ? (
        <p className="text-sm font-medium text-destructive" role="alert">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
