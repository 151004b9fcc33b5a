import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/toaster';
import { EVENT_SCREEN_TEXT } from '@common/texts/event-page';
import { Share2 } from 'lucide-react';

interface ShareButtonProps {
  /** What is shared: a path of the app ('/events/42-…') or a full address. */
  url: string;
  title: string;
  className?: string;
}

/**
 * Shares a page: the system's share sheet where the browser has the Web Share API (phones), else the
 * link copied to the clipboard with a toast that says so.
 */
export function ShareButton({ url, title, className }: ShareButtonProps) {
  async function share() {
    const address = new URL(url, window.location.origin).href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url: address });
      } catch (error) {
        // Closing the share sheet is a choice, not a failure.
        if ((error as Error).name !== 'AbortError')
          toast({ title: EVENT_SCREEN_TEXT.shareFailed, variant: 'destructive' });
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(address);
      toast({ title: EVENT_SCREEN_TEXT.linkCopied });
    } catch {
      toast({ title: EVENT_SCREEN_TEXT.shareFailed, variant: 'destructive' });
    }
  }
  return (
    <Button type="button" variant="outline" className={className} onClick={() => void share()}>
      <Share2 aria-hidden className="size-4" />
      {EVENT_SCREEN_TEXT.share}
    </Button>
  );
}
