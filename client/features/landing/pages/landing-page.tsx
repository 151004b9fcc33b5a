import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { ShowFinder } from '@client/features/show-finder/show-finder';
import { TAGLINE } from '@common/constants';
import { LANDING_TEXT, SHELL_TEXT } from '@common/messages';
import { ArrowRight, BadgePercent, HeartHandshake, ShieldCheck, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { SubscribeForm } from '../components/subscribe-form';

const PROMISES = [
  {
    icon: HeartHandshake,
    title: 'Real Fans',
    text: 'Tickets go from one fan to another, not to bots and bulk resellers.',
  },
  {
    icon: BadgePercent,
    title: 'Fair Pricing',
    text: 'Sellers pay lower fees when they price fairly, so fair prices win.',
  },
  {
    icon: ShieldCheck,
    title: 'Transparent Fees',
    text: 'You see the all-in price up front, and your payment is held in escrow until your tickets arrive.',
  },
] as const;

/** The page visitors see at / (spec 001 §2): the marketplace is live, so it leads to the listings at /home. */
export function LandingPage() {
  return (
    <div className="flex-1 bg-stage">
      {/* Mobile reads intro, form, promises; desktop puts the form beside both. */}
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[1.15fr_1fr] lg:gap-x-16 lg:py-24">
        <section className="flex flex-col gap-6 lg:col-start-1 lg:row-start-1 lg:self-end">
          <Badge variant="secondary" className="self-start bg-accent-soft px-3 py-1 text-pink-700">
            <Sparkles aria-hidden className="size-3.5" />
            {TAGLINE}
          </Badge>
          <h1 className="text-4xl font-extrabold leading-[1.1] sm:text-5xl lg:text-6xl">
            <span className="bg-gradient-to-r from-primary to-accent bg-clip-text text-transparent">
              {SHELL_TEXT.landingHeadline}
            </span>
          </h1>
          <p className="max-w-xl text-lg text-muted-foreground">{LANDING_TEXT.intro}</p>
          <Button asChild size="lg" className="self-start">
            <Link to="/home">
              {LANDING_TEXT.browse}
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </section>

        <Card className="w-full max-w-md justify-self-center lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-center lg:justify-self-end">
          <CardHeader>
            <h2 className="text-2xl font-semibold leading-tight">{LANDING_TEXT.newsTitle}</h2>
            <CardDescription className="text-base">{LANDING_TEXT.newsDescription}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            <SubscribeForm />
            <p className="text-center text-sm text-muted-foreground">
              Already a member?{' '}
              <Link to="/login" className="font-semibold text-primary hover:underline underline-offset-4">
                Sign in
              </Link>
              <span aria-hidden className="mx-2">
                ·
              </span>
              New here?{' '}
              <Link to="/signup" className="font-semibold text-primary hover:underline underline-offset-4">
                Create an account
              </Link>
            </p>
          </CardContent>
        </Card>

        <ul
          aria-label="Our promise"
          className="grid gap-4 sm:grid-cols-3 lg:col-start-1 lg:row-start-2 lg:self-start"
        >
          {PROMISES.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="flex gap-3 rounded-xl border border-border bg-surface/70 p-4 sm:flex-col"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
                <Icon aria-hidden className="size-5" />
              </span>
              <div>
                <h2 className="font-semibold">{title}</h2>
                <p className="text-sm text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <div className="mx-auto max-w-7xl px-4 pb-12 sm:px-6 sm:pb-16">
        <ShowFinder />
      </div>
    </div>
  );
}
