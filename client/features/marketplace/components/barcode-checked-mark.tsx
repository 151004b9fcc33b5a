import { cn } from '@client/lib/cn';
import { BARCODE_CHECK_TEXT } from '@common/texts/barcode-check';
import { ScanLine } from 'lucide-react';

/**
 * The buyer's mark on a listing whose barcodes were read on upload and are on no other live listing or
 * sale (decision 0085). Text, not colour alone, says what was checked.
 */
export function BarcodeCheckedMark({ className }: { className?: string }) {
  return (
    <p
      className={cn('flex items-start gap-1.5 text-sm font-medium text-success', className)}
      data-testid="barcode-checked"
    >
      <ScanLine aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{BARCODE_CHECK_TEXT.mark}</span>
    </p>
  );
}
