import { FaceValueNote } from '@client/components/face-value-note';
import { PromiseLink } from '@client/components/promise-link';
import { SellerTrustBadge } from '@client/components/seller-trust-badge';
import { ShareButton } from '@client/components/share-button';
import { ShowTime } from '@client/components/show-time';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Separator } from '@client/components/ui/separator';
import { toast } from '@client/components/ui/toaster';
import { formatDollars, formatEventDate } from '@client/lib/format';
import { unlessLive } from '@client/lib/live';
import { BUYING_TEXT, PRICE_COMPARISON_TEXT } from '@common/messages';
import { dollarsToCents } from '@common/money';
import { comparePrice, originalPriceCents, priceComparisonText } from '@common/price-comparison';
import { allInPerTicketCents } from '@common/pricing';
import { allowedQuantities } from '@common/splits';
import { ticketPath } from '@common/ticket-path';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, ImageIcon, MapPin } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { LOCK_POLL_MS, ticketQueryOptions } from '../api';
import { comparisonBadgeVariant, orNotAvailable } from '../card-rules';
import type { CloseReason, Hold } from '../use-purchase-flow';
import { BarcodeCheckedMark } from './barcode-checked-mark';
import { HowPurchasingWorksDialog } from './help-dialogs';
import { HoldTimer } from './hold-timer';
import { QuantityPicker } from './quantity-picker';
import { SellerProfileDialog } from './seller-profile-dialog';
import { SellerRating } from './seller-rating';
import { ShowName } from './show-name';

interface TicketDetailsDialogProps {
  hold: Hold;
  viewerId: number;
  extending: boolean;
  /** A change of quantity is on its way to the server. */
  resizing: boolean;
  paying: boolean;
  onClose: (reason: CloseReason) => void;
  onExtend: () => void;
  onQuantityChange: (quantity: number) => void;
  onPay: () => void;
}

/** True while the server still shows this viewer's hold on the ticket. */
function stillHeld(ticket: Hold['ticket'], viewerId: number): boolean {
  return (
    !ticket.sold &&
    ticket.isBeingEdited &&
    ticket.currentViewerId === viewerId &&
    ticket.lockExpiresAt !== null &&
    Date.parse(ticket.lockExpiresAt) > Date.now()
  );
}

function TicketImage({ url }: { url: string | null }) {
  const [shown, setShown] = useState(false);
  const show = () => {
    if (!url) {
      toast({ title: BUYING_TEXT.noTicketImage });
      return;
    }
    setShown((value) => !value);
  };
  return (
    <div className="flex flex-col gap-2">
      <Button variant="outline" onClick={show} aria-expanded={url ? shown : undefined} className="self-start">
        <ImageIcon aria-hidden />
        {BUYING_TEXT.viewTicketImage}
      </Button>
      {shown && url ? (
        <img
          src={url}
          alt="The seller's ticket"
          className="max-h-64 w-full rounded-lg border border-border object-contain"
          onError={() => {
            setShown(false);
            toast({
              title: BUYING_TEXT.ticketImageFailed,
              description: BUYING_TEXT.ticketImageUnavailable,
              variant: 'destructive',
            });
          }}
        />
      ) : null}
    </div>
  );
}

/** The ticket details dialog of a held ticket (spec 000 §2, §4 steps 1-5). */
export function TicketDetailsDialog({
  hold,
  viewerId,
  extending,
  resizing,
  paying,
  onClose,
  onExtend,
  onQuantityChange,
  onPay,
}: TicketDetailsDialogProps) {
  const [sellerOpen, setSellerOpen] = useState(false);
  // Step 3: poll the ticket every 10 s; when the hold is no longer ours, let it go.
  const polled = useQuery({
    ...ticketQueryOptions(hold.ticket.id),
    initialData: hold.ticket,
    initialDataUpdatedAt: Date.now(),
    refetchInterval: unlessLive(LOCK_POLL_MS),
  });
  const ticket = polled.data;
  const lost = polled.dataUpdatedAt > 0 && polled.isFetchedAfterMount && !stillHeld(ticket, viewerId);
  useEffect(() => {
    if (lost && !paying && !resizing) onClose('lost');
  }, [lost, paying, resizing, onClose]);

  const openSeller = () => {
    if (!ticket.sellerId) {
      toast({ title: BUYING_TEXT.sellerInfoFailed, variant: 'destructive' });
      return;
    }
    setSellerOpen(true);
  };
  const processingFee = Math.max(0, ticket.buyerPays - ticket.totalPrice);
  // The one comparison the cards and the event page make (decision 0073), from the fee module's all-in price.
  const comparison = comparePrice(
    allInPerTicketCents(dollarsToCents(ticket.listingPrice)),
    originalPriceCents(dollarsToCents(ticket.faceValue), dollarsToCents(ticket.serviceFee)),
  );

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose('closed'))}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>
            <ShowName eventId={ticket.eventId} eventName={ticket.eventName} />
          </DialogTitle>
          <DialogDescription>{ticket.description}</DialogDescription>
        </DialogHeader>

        <HoldTimer
          expiresAt={hold.expiresAt}
          onExpired={() => onClose('expired')}
          onExtend={onExtend}
          extending={extending || hold.extensionsLeft <= 0}
        />

        <section aria-label="Event" className="flex flex-col gap-1 text-sm">
          <p className="flex items-center gap-2">
            <CalendarDays aria-hidden className="size-4 text-muted-foreground" />
            {formatEventDate(ticket.eventDate)}
            {ticket.daysCount > 1 ? <Badge variant="info">{ticket.daysCount}-Day</Badge> : null}
          </p>
          <ShowTime showTime={ticket.showTime} className="flex items-center gap-2" />
          {ticket.venue ? (
            <p className="flex items-center gap-2">
              <MapPin aria-hidden className="size-4 text-muted-foreground" />
              {ticket.venue}
            </p>
          ) : null}
          <dl className="mt-2 grid grid-cols-4 gap-2 rounded-lg bg-muted p-3 text-center">
            {(
              [
                ['Quantity', String(ticket.quantity)],
                ['Section', orNotAvailable(ticket.section)],
                ['Row', orNotAvailable(ticket.row)],
                ['Seats', orNotAvailable(ticket.seats)],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="min-w-0">
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="truncate font-semibold">{value}</dd>
              </div>
            ))}
          </dl>
          {ticket.barcodeChecked ? <BarcodeCheckedMark className="mt-2" /> : null}
          <ShareButton
            url={ticketPath(hold.listingId)}
            title={ticket.eventName}
            className="mt-2 self-start"
          />
        </section>

        <TicketImage url={ticket.ticketImage ?? ticket.cloudinaryUrl} />

        <section aria-label="Seller" className="flex items-center justify-between gap-2 text-sm">
          <span className="text-muted-foreground">Seller</span>
          <span className="flex items-center gap-1">
            <Button variant="link" onClick={openSeller}>
              {ticket.seller.username}
            </Button>
            <SellerRating rating={ticket.seller.rating} totalReviews={ticket.seller.totalReviews} />
          </span>
        </section>
        <SellerTrustBadge trust={ticket.seller.trust} />
        {ticket.sellerId ? (
          <SellerProfileDialog
            seller={{
              id: ticket.sellerId,
              username: ticket.seller.username,
              rating: ticket.seller.rating,
              totalReviews: ticket.seller.totalReviews,
              trust: ticket.seller.trust,
            }}
            sellerId={ticket.sellerId}
            open={sellerOpen}
            onOpenChange={setSellerOpen}
          />
        ) : null}

        <Separator />

        <section aria-label="Price breakdown" className="flex flex-col gap-3 text-sm">
          {allowedQuantities(hold.splitRule, hold.available).length > 1 ? (
            <QuantityPicker
              quantity={ticket.quantity}
              available={hold.available}
              splitRule={hold.splitRule}
              busy={resizing || paying}
              onChange={onQuantityChange}
            />
          ) : null}
          <dl className="flex flex-col gap-1">
            <div className="flex justify-between">
              <dt className="text-muted-foreground">Price per ticket × {ticket.quantity}</dt>
              <dd>{formatDollars(ticket.listingPrice)}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-muted-foreground">Subtotal</dt>
              <dd>{formatDollars(ticket.totalPrice)}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-muted-foreground">Card processing fee</dt>
              <dd>{formatDollars(processingFee)}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-muted-foreground">Seller markup</dt>
              <dd>
                {ticket.markup > 0 ? '+' : ''}
                {ticket.markup}%
              </dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">{PRICE_COMPARISON_TEXT.against}</dt>
              <dd className="flex flex-col items-end gap-1 text-right">
                {comparison ? (
                  <Badge
                    variant={comparisonBadgeVariant(comparison)}
                    className={
                      comparisonBadgeVariant(comparison) === 'danger' ? 'text-destructive-hover' : undefined
                    }
                    data-testid="price-comparison"
                  >
                    {priceComparisonText(comparison)}
                  </Badge>
                ) : null}
                <FaceValueNote faceValue={ticket.faceValue} serviceFee={ticket.serviceFee} />
              </dd>
            </div>
            <div className="mt-1 flex justify-between border-t border-border pt-2 text-base font-bold">
              <dt>{BUYING_TEXT.whatYouPay}</dt>
              <dd data-testid="what-you-pay">{formatDollars(ticket.buyerPays)}</dd>
            </div>
          </dl>
        </section>

        <HowPurchasingWorksDialog />

        <DialogFooter className="flex-col items-stretch gap-3 sm:flex-col sm:items-stretch">
          <Button size="lg" onClick={onPay} disabled={paying || resizing}>
            {BUYING_TEXT.completePurchase}
          </Button>
          <p className="text-center text-xs text-muted-foreground">
            By completing your purchase you agree to the{' '}
            <Link to="/terms" target="_blank" className="text-primary underline underline-offset-4">
              Terms of Service
            </Link>{' '}
            and the{' '}
            <Link
              to="/terms#buyer-policy"
              target="_blank"
              className="text-primary underline underline-offset-4"
            >
              Buyer Policy
            </Link>
            .
          </p>
          <PromiseLink newTab className="justify-center text-xs" />
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
