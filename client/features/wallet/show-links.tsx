import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/toaster';
import { ApiError } from '@client/lib/api';
import { WALLET_TEXT } from '@common/texts/wallet';
import { useQuery } from '@tanstack/react-query';
import { CalendarPlus, Wallet, WalletCards } from 'lucide-react';
import { useId } from 'react';
import { useAppleWalletPass, useDownloadCalendar, useGoogleWalletSave, walletsQueryOptions } from './api';

export interface ShowLinksProps {
  ticketId: number;
  /** The buyer may download the ticket's barcode (the seller sent it): a wallet pass can carry it. */
  barcodeReady: boolean;
  /** Where Google's save page opens (this tab); tests pass their own. */
  openUrl?: (url: string) => void;
}

function failed(title: string) {
  return (error: unknown) =>
    toast({
      title,
      description: error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error),
      variant: 'destructive',
    });
}

/**
 * A bought ticket's "keep this show" links (issue 47 items 2 and 3, decision 0096): the show in a calendar
 * always, and Apple Wallet and Google Wallet once the barcode is there, when this Encore is set up for them.
 */
export function ShowLinks({
  ticketId,
  barcodeReady,
  openUrl = (url) => window.location.assign(url),
}: ShowLinksProps) {
  const headingId = useId();
  const wallets = useQuery({ ...walletsQueryOptions, enabled: barcodeReady });
  const offers = {
    apple: barcodeReady && wallets.data?.appleWallet,
    google: barcodeReady && wallets.data?.googleWallet,
  };
  const calendar = useDownloadCalendar(ticketId);
  const apple = useAppleWalletPass(ticketId);
  const google = useGoogleWalletSave(ticketId, openUrl);

  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h4 id={headingId} className="sr-only">
        {WALLET_TEXT.groupLabel}
      </h4>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={calendar.isPending}
          onClick={() => calendar.mutate(undefined, { onError: failed(WALLET_TEXT.addToCalendar) })}
        >
          {calendar.isPending ? <Spinner label={WALLET_TEXT.addToCalendar} /> : <CalendarPlus aria-hidden />}
          {WALLET_TEXT.addToCalendar}
        </Button>
        {offers.apple ? (
          <Button
            variant="outline"
            size="sm"
            disabled={apple.isPending}
            onClick={() => apple.mutate(undefined, { onError: failed(WALLET_TEXT.addToAppleWallet) })}
          >
            {apple.isPending ? <Spinner label={WALLET_TEXT.addToAppleWallet} /> : <Wallet aria-hidden />}
            {WALLET_TEXT.addToAppleWallet}
          </Button>
        ) : null}
        {offers.google ? (
          <Button
            variant="outline"
            size="sm"
            disabled={google.isPending}
            onClick={() => google.mutate(undefined, { onError: failed(WALLET_TEXT.saveToGoogleWallet) })}
          >
            {google.isPending ? (
              <Spinner label={WALLET_TEXT.saveToGoogleWallet} />
            ) : (
              <WalletCards aria-hidden />
            )}
            {WALLET_TEXT.saveToGoogleWallet}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
