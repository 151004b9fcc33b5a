import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { BUYING_TEXT } from '@common/messages';
import { PROCESSING_FEE_PERCENT } from '@common/pricing';
import { CircleHelp, Info } from 'lucide-react';

const PURCHASE_STEPS = [
  [
    'Reserve',
    'Opening a ticket holds it for you for a few minutes, so nobody else can buy it meanwhile. You can extend the hold if you need more time.',
  ],
  [
    'Pay securely',
    `Complete Purchase takes you to a secure card checkout. You pay the price shown, which already includes the ${PROCESSING_FEE_PERCENT}% card processing fee.`,
  ],
  ['Escrow', 'Your payment is held in escrow. The seller is only paid three days after the event.'],
  [
    'Transfer',
    'The seller transfers the ticket to you through the ticketing platform, by e-mail or by delivery. Some events cannot be transferred until 7-10 days before the event.',
  ],
  ['Confirm and review', 'Confirm receipt in My Tickets, then review the seller.'],
] as const;

/** 'How purchasing works' (spec 000 §2 'Help dialogs'). */
export function HowPurchasingWorksDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="link" className="h-auto gap-1 text-sm">
          <CircleHelp aria-hidden />
          {BUYING_TEXT.howPurchasingWorks}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{BUYING_TEXT.howPurchasingWorks}</DialogTitle>
          <DialogDescription>From reservation to the ticket in your hands.</DialogDescription>
        </DialogHeader>
        <ol className="flex flex-col gap-3 text-sm">
          {PURCHASE_STEPS.map(([title, text], index) => (
            <li key={title} className="flex gap-3">
              <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-bold text-primary">
                {index + 1}
              </span>
              <span>
                <span className="font-semibold">{title}.</span> {text}
              </span>
            </li>
          ))}
        </ol>
      </DialogContent>
    </Dialog>
  );
}

const PRINCIPLES = [
  [
    'Core principles',
    'Real fans, fair pricing, transparent fees. Encore exists so tickets go to people who want to be at the show, at honest prices.',
  ],
  ['Secure marketplace', 'Every listing belongs to a verified account, and a ticket can only be sold once.'],
  [
    'Transparent pricing',
    'The price you see is the price you pay. Sellers pay fees that grow with their markup; buyers pay only the small card processing fee.',
  ],
  [
    'Secure transactions',
    'Payments go through a secure card checkout and stay in escrow until the seller is paid after the event.',
  ],
  [
    'Community trust',
    'Buyers and sellers review each other after every sale, and higher-rated fans get priority access.',
  ],
] as const;

/** 'How it Works' (spec 000 §2 'Help dialogs'). */
export function HowItWorksDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="lg">
          <Info aria-hidden />
          {BUYING_TEXT.howItWorks}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{BUYING_TEXT.howItWorks}</DialogTitle>
          <DialogDescription>What makes Encore different.</DialogDescription>
        </DialogHeader>
        <dl className="flex flex-col gap-3 text-sm">
          {PRINCIPLES.map(([title, text]) => (
            <div key={title}>
              <dt className="font-semibold">{title}</dt>
              <dd className="text-muted-foreground">{text}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
