import type { MyTicket } from '@common/schemas/my-tickets';
import { Music } from 'lucide-react';

/** The event's headliner: image (or a note icon) and name. Manual listings have none. */
export function ArtistBlock({ artist }: { artist: MyTicket['artist'] }) {
  if (!artist) return null;
  return (
    <div className="flex items-center gap-3 rounded-lg bg-muted p-3">
      {artist.image ? (
        <img src={artist.image} alt="" className="size-12 shrink-0 rounded-md object-cover" loading="lazy" />
      ) : (
        <span className="flex size-12 shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary">
          <Music aria-hidden className="size-5" />
        </span>
      )}
      <p className="font-medium">{artist.name}</p>
    </div>
  );
}
