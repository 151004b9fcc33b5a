import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/toaster';
import { ApiError } from '@client/lib/api';
import { BARCODE_TEXT, LISTING_TEXT } from '@common/messages';
import { BARCODE_CHECK_TEXT } from '@common/texts/barcode-check';
import { ScanLine, Upload, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { uploadListingBarcode } from '../api';
import { FormSection } from './form-parts';

interface ListingBarcodeFieldProps {
  file: File | null;
  onChange: (file: File | null) => void;
}

/**
 * A paper or PDF ticket's barcode, chosen while listing (decision 0085): uploaded once the listing is saved,
 * it earns the Barcode checked mark when it is read and on no other live listing or sale.
 */
export function ListingBarcodeField({ file, onChange }: ListingBarcodeFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  return (
    <FormSection icon={ScanLine} title={BARCODE_CHECK_TEXT.listingLabel}>
      <p id={hintId} className="text-sm text-muted-foreground">
        {BARCODE_CHECK_TEXT.listingHint}
      </p>
      <input
        ref={inputRef}
        type="file"
        accept="image/*,application/pdf"
        className="sr-only"
        aria-label={BARCODE_CHECK_TEXT.chooseFile}
        aria-describedby={hintId}
        onChange={(event) => {
          onChange(event.target.files?.[0] ?? null);
          event.target.value = '';
        }}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => inputRef.current?.click()}>
          <Upload aria-hidden />
          {BARCODE_CHECK_TEXT.chooseFile}
        </Button>
        {file ? (
          <>
            <span className="min-w-0 break-all text-sm font-medium" data-testid="chosen-barcode">
              {BARCODE_CHECK_TEXT.chosenFile(file.name)}
            </span>
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
              <X aria-hidden />
              {BARCODE_CHECK_TEXT.clearFile}
            </Button>
          </>
        ) : null}
      </div>
    </FormSection>
  );
}

/**
 * Uploads the barcode chosen for a listing just created and says how it went: the mark earned, barcodes
 * read but not one per ticket, none read, or the file refused (a barcode already listed on Encore). The
 * listing stays in every case; a refused barcode is not kept on it.
 */
export async function uploadChosenBarcode(ticketId: number, file: File, quantity: number): Promise<void> {
  try {
    const answer = await uploadListingBarcode(ticketId, file);
    if (answer.barcodeChecked)
      toast({
        title: BARCODE_CHECK_TEXT.listedWithBarcodeTitle,
        description: BARCODE_CHECK_TEXT.checked(answer.barcodesFound),
      });
    else
      toast({
        title: LISTING_TEXT.listedTitle,
        description:
          answer.barcodesFound > 0
            ? BARCODE_CHECK_TEXT.someChecked(answer.barcodesFound, quantity)
            : BARCODE_CHECK_TEXT.noneFound,
      });
  } catch (error) {
    toast({
      title: BARCODE_CHECK_TEXT.barcodeNotKeptTitle,
      description: (error instanceof ApiError && error.serverMessage) || BARCODE_TEXT.uploadFailed,
      variant: 'destructive',
    });
  }
}
