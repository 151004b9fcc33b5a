import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ShowFinder } from '@client/features/show-finder/show-finder';
import { TAGLINE } from '@common/constants';
import { SHELL_TEXT } from '@common/messages';
import { CalendarCheck, Lock, Receipt, Send, Ticket, Users } from 'lucide-react';
import { Link } from 'react-router';
import { VisitorListings } from '../components/visitor-listings';

const STEPS = [
  {
    icon: Ticket,
    title: 'Fans list their tickets',
    text: 'Sellers enter the face value, the original service fee and a markup. Pricing at or below face value keeps their fees low.',
  },
  {
    icon: Lock,
    title: 'Buyers pay into escrow',
    text: 'You pay by card through a secure checkout. Encore holds the money until you confirm your tickets arrived.',
  },
  {
    icon: Send,
    title: 'The seller transfers',
    text: 'Digital tickets move through the ticketing platform they were bought on; paper tickets by barcode or delivery.',
  },
  {
    icon: CalendarCheck,
    title: 'Everyone gets what they paid for',
    text: 'You confirm receipt, both sides review each other, and the seller is paid three days after the event.',
  },
] as const;

const FACTS = [
  {
    icon: Receipt,
    title: 'Transparent fees',
    text: 'Every price you see is the all-in price. Buyers pay only a small 1.95% card processing fee; nothing is added at checkout.',
  },
  {
    icon: Users,
    title: 'Fan-to-fan',
    text: 'Reviews build every member’s reputation, and fans with the best ratings get priority access.',
  },
] as const;

/** The public page visitors see at /home: what Encore is and how it works. */
export function PublicHomePage() {
  return (
    <div className="flex-1 bg-stage">
      <div className="mx-auto flex max-w-7xl flex-col gap-14 px-4 py-12 sm:px-6 sm:py-16">
        <header className="flex flex-col items-start gap-5">
          <p className="text-sm font-semibold uppercase tracking-wider text-accent">{TAGLINE}</p>
          <h1 className="max-w-3xl text-4xl font-extrabold leading-tight sm:text-5xl">
            Concert tickets from fans, for fans.
          </h1>
          <p className="max-w-2xl text-lg text-muted-foreground">
            Can't make the show? Pass your tickets on to someone who can. Encore keeps resale fair and safe:
            honest prices, fees you can see, and your money protected until the tickets are yours.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to="/signup">{SHELL_TEXT.signUp}</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/login">{SHELL_TEXT.signIn}</Link>
            </Button>
          </div>
        </header>

        <ShowFinder />

        <section aria-labelledby="how-it-works" className="flex flex-col gap-6">
          <h2 id="how-it-works" className="text-2xl font-bold">
            How Encore works
          </h2>
          <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map(({ icon: Icon, title, text }, index) => (
              <li key={title}>
                <Card className="flex h-full flex-col gap-3 p-5">
                  <div className="flex items-center gap-3">
                    <span className="flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary">
                      <Icon aria-hidden className="size-5" />
                    </span>
                    <span className="text-sm font-semibold text-muted-foreground">Step {index + 1}</span>
                  </div>
                  <h3 className="font-semibold">{title}</h3>
                  <p className="text-sm text-muted-foreground">{text}</p>
                </Card>
              </li>
            ))}
          </ol>
        </section>

        <section aria-label="Why Encore" className="grid gap-4 md:grid-cols-2">
          {FACTS.map(({ icon: Icon, title, text }) => (
            <Card key={title} className="flex gap-4 p-6">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-accent-soft text-accent">
                <Icon aria-hidden className="size-5" />
              </span>
              <div className="space-y-1">
                <h2 className="text-lg font-semibold">{title}</h2>
                <p className="text-muted-foreground">{text}</p>
              </div>
            </Card>
          ))}
        </section>

        <section aria-labelledby="listings" className="flex flex-col gap-6">
          <h2 id="listings" className="text-2xl font-bold">
            Listings
          </h2>
          <VisitorListings />
        </section>
      </div>
    </div>
  );
}
