import { PROFILE_TEXT } from '@common/messages';
import { PLATFORM_LABELS, PLATFORMS } from '@common/schemas/tickets';
import { ExternalLink } from 'lucide-react';

const PLATFORM_SITES = {
  ticketmaster: 'https://www.ticketmaster.com/',
  livenation: 'https://www.livenation.com/',
  axs: 'https://www.axs.com/',
} as const;

/** Quick links to the three ticketing platforms (spec 000 §2 Profile), opened in a new tab. */
export function PlatformLinks() {
  return (
    <section aria-labelledby="platform-links-title" className="flex flex-col gap-3">
      <h3 id="platform-links-title" className="font-semibold">
        {PROFILE_TEXT.quickLinksTitle}
      </h3>
      <p className="text-sm text-muted-foreground">{PROFILE_TEXT.quickLinksHint}</p>
      <ul className="flex flex-wrap gap-2">
        {PLATFORMS.map((platform) => (
          <li key={platform}>
            <a
              href={PLATFORM_SITES[platform]}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex h-10 items-center gap-2 rounded-md border border-input bg-surface px-4 text-sm font-semibold hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {PLATFORM_LABELS[platform]}
              <ExternalLink aria-hidden className="size-4" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
