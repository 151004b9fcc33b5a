import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import {
  BadgeCheck,
  CalendarClock,
  CircleHelp,
  HeartHandshake,
  type LucideIcon,
  Send,
  Star,
  Truck,
  X,
} from 'lucide-react';
import { useRef } from 'react';

interface Step {
  title: string;
  icon: LucideIcon;
  text: string;
}

const steps: Step[] = [
  {
    title: 'Transfer Initiation',
    icon: Send,
    text: 'Once a ticket sells, the seller transfers it: digital tickets through their ticketing platform, paper or PDF tickets by email or physical delivery coordinated through Encore. Some sellers cannot transfer until 7-10 days before the event.',
  },
  {
    title: 'Confirmation',
    icon: BadgeCheck,
    text: 'The buyer marks the ticket as received. Until then the payment is held in escrow.',
  },
  {
    title: 'Reviews',
    icon: Star,
    text: 'Buyer and seller review each other. Reviews build reputation, and higher-rated users get priority access.',
  },
  {
    title: 'Seller Payment',
    icon: CalendarClock,
    text: 'The seller is paid 3 days after the event.',
  },
  {
    title: 'Community Standards',
    icon: HeartHandshake,
    text: 'Describe seats honestly, price fairly and transfer promptly. Below-market prices pay a lower platform fee.',
  },
  {
    title: 'Track Your Transfer',
    icon: Truck,
    text: 'The transfer status is visible in the My Tickets tab at every step.',
  },
];

const reminders = {
  seller:
    'As a seller: transfer the ticket as soon as you can after the sale and keep its status up to date in My Tickets. Your payment is released 3 days after the event.',
  buyer:
    'As a buyer: watch My Tickets for the transfer and confirm receipt once the ticket is in your account. Your payment stays in escrow until then.',
} as const;

export type HowItWorksAudience = keyof typeof reminders;

/**
 * The listing form's 'How it works' help, with a seller and a buyer variant of the closing reminder.
 * It opens at the top with the focus on Close; the title and Close stay in view while the steps scroll.
 */
export function HowItWorksDialog({ defaultAudience = 'seller' }: { defaultAudience?: HowItWorksAudience }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <CircleHelp />
          How it works
        </Button>
      </DialogTrigger>
      <DialogContent
        hideClose
        className="flex max-w-2xl flex-col gap-0 overflow-hidden p-0"
        onOpenAutoFocus={(event) => {
          // Radix would focus the first tab, at the bottom, and scroll the dialog down to it.
          event.preventDefault();
          closeRef.current?.focus();
        }}
      >
        <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-4 sm:px-6">
          <DialogHeader className="pr-0">
            <DialogTitle>How it works</DialogTitle>
            <DialogDescription>From listing to payout, every sale follows the same steps.</DialogDescription>
          </DialogHeader>
          <DialogClose asChild>
            <Button
              ref={closeRef}
              variant="ghost"
              size="icon"
              className="-mr-2 -mt-1 shrink-0"
              aria-label="Close"
            >
              <X />
            </Button>
          </DialogClose>
        </div>
        <div className="grid gap-4 overflow-y-auto px-5 py-4 sm:px-6" data-testid="how-it-works-body">
          <ol className="grid gap-3 sm:grid-cols-2">
            {steps.map(({ title, icon: Icon, text }) => (
              <li key={title} className="flex gap-3 rounded-lg border border-border p-3">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
                  <Icon className="size-4" aria-hidden />
                </span>
                <div>
                  <h3 className="text-sm font-semibold">{title}</h3>
                  <p className="text-sm text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ol>
          <Tabs defaultValue={defaultAudience}>
            <TabsList className="w-full">
              <TabsTrigger value="seller" className="flex-1">
                Selling
              </TabsTrigger>
              <TabsTrigger value="buyer" className="flex-1">
                Buying
              </TabsTrigger>
            </TabsList>
            {(Object.keys(reminders) as HowItWorksAudience[]).map((audience) => (
              <TabsContent
                key={audience}
                value={audience}
                className="rounded-lg bg-accent-soft p-3 text-sm text-foreground"
              >
                {reminders[audience]}
              </TabsContent>
            ))}
          </Tabs>
        </div>
      </DialogContent>
    </Dialog>
  );
}
