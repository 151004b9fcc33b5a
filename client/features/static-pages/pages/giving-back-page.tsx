import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { SHELL_TEXT } from '@common/messages';
import { Clock, HandHeart, Mic2, Music } from 'lucide-react';

const CARDS = [
  {
    icon: Music,
    title: SHELL_TEXT.givingBackSmallVenues,
    text: 'Small, independent venues are where most artists play their first shows and where many fans find their favourite band. Part of what Encore earns will help keep those rooms open: the sound systems, the staff and the nights that would otherwise not happen.',
  },
  {
    icon: Mic2,
    title: SHELL_TEXT.givingBackArtists,
    text: "Emerging artists need stages, studio time and a fair shot at an audience. We'll put money and attention behind musicians at the start of their careers, so the next generation of headliners gets the chance to grow.",
  },
] as const;

/** Spec 001 §2: Encore's charity-minded side. */
export function GivingBackPage() {
  return (
    <div className="flex-1 bg-stage">
      <div className="mx-auto flex max-w-5xl flex-col gap-10 px-4 py-12 sm:px-6 sm:py-16">
        <header className="flex flex-col items-center gap-4 text-center">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-accent-soft text-accent">
            <HandHeart aria-hidden className="size-7" />
          </span>
          <h1 className="text-4xl font-extrabold sm:text-5xl">Giving Back</h1>
          <p className="max-w-2xl text-lg text-muted-foreground">
            Live music starts small. Every big show began in a back room with a handful of fans. Encore exists
            because of the music, so we want to give some of it back: to the small venues that take chances
            and to the emerging artists who play them.
          </p>
        </header>

        <div className="grid gap-6 md:grid-cols-2">
          {CARDS.map(({ icon: Icon, title, text }) => (
            <Card key={title}>
              <CardHeader className="flex-row items-center gap-3">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
                  <Icon aria-hidden className="size-5" />
                </span>
                <h2 className="text-xl font-semibold leading-tight">{title}</h2>
              </CardHeader>
              <CardContent>
                <p className="leading-relaxed text-muted-foreground">{text}</p>
              </CardContent>
            </Card>
          ))}
        </div>

        <Card className="flex flex-col items-center gap-3 border-dashed bg-surface/70 px-6 py-10 text-center">
          <Clock aria-hidden className="size-8 text-primary" />
          <h2 className="text-2xl font-bold">{SHELL_TEXT.givingBackMoreDetails}</h2>
          <p className="max-w-xl text-muted-foreground">
            We're working out the details with venues and artists now: how much goes where, who takes part and
            how you can follow along. We'll share them here soon.
          </p>
        </Card>
      </div>
    </div>
  );
}
