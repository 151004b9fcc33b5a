import { Badge } from '@client/components/ui/badge';
import { cn } from '@client/lib/cn';
import type { ChatTopic } from '@common/schemas/ambassador';
import { AMBASSADOR_TEXT } from '@common/texts/ambassador';
import { Hash } from 'lucide-react';

/** The chat's topics with unread badges, or the empty state (spec 001 §2 Ambassador dashboard). */
export function TopicList({
  topics,
  selectedId,
  onSelect,
}: {
  topics: ChatTopic[];
  selectedId: number | null;
  onSelect: (topicId: number) => void;
}) {
  if (topics.length === 0)
    return (
      <div className="flex flex-col items-center gap-1 px-4 py-10 text-center" data-testid="topics-empty">
        <p className="font-semibold">{AMBASSADOR_TEXT.noTopicsTitle}</p>
        <p className="text-sm text-muted-foreground">{AMBASSADOR_TEXT.noTopicsBody}</p>
      </div>
    );
  return (
    <ul className="flex flex-col gap-1" aria-label={AMBASSADOR_TEXT.topics}>
      {topics.map((topic) => {
        const active = topic.id === selectedId;
        return (
          <li key={topic.id}>
            <button
              type="button"
              aria-current={active ? 'true' : undefined}
              onClick={() => onSelect(topic.id)}
              className={cn(
                'flex w-full cursor-pointer items-start gap-2 rounded-md border px-3 py-2 text-left transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                active ? 'border-primary bg-primary-soft' : 'border-transparent',
              )}
            >
              <Hash aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-semibold">{topic.name}</span>
                {topic.description ? (
                  <span className="truncate text-xs text-muted-foreground">{topic.description}</span>
                ) : null}
              </span>
              {topic.unreadCount > 0 ? (
                <Badge aria-label={AMBASSADOR_TEXT.unread(topic.unreadCount)}>{topic.unreadCount}</Badge>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
