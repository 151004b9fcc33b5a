import { cn } from '@client/lib/cn';
import { SUPPORT_TEXT, SUPPORT_TOPIC_LABELS, type SupportTopic } from '@common/texts/support';
import { format } from 'date-fns';
import { MessagesSquare } from 'lucide-react';
import type { Conversation } from '../api';

const SNIPPET_LENGTH = 80;

function snippet(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > SNIPPET_LENGTH ? `${line.slice(0, SNIPPET_LENGTH - 1)}…` : line;
}

/** Left column of /messages: one entry per topic with the last message's date and a snippet (spec 001 §2). */
export function ConversationList({
  conversations,
  selected,
  onSelect,
}: {
  conversations: Conversation[];
  selected: SupportTopic | null;
  onSelect: (topic: SupportTopic) => void;
}) {
  if (conversations.length === 0)
    return (
      <div className="flex flex-col items-center gap-2 px-4 py-10 text-center" data-testid="support-empty">
        <MessagesSquare aria-hidden className="size-10 text-primary" />
        <p className="font-semibold">{SUPPORT_TEXT.emptyTitle}</p>
        <p className="text-sm text-muted-foreground">{SUPPORT_TEXT.emptyBody}</p>
      </div>
    );
  return (
    <ul className="flex flex-col gap-1" aria-label={SUPPORT_TEXT.conversations}>
      {conversations.map((conversation) => {
        const active = conversation.topic === selected;
        return (
          <li key={conversation.topic}>
            <button
              type="button"
              aria-current={active ? 'true' : undefined}
              onClick={() => onSelect(conversation.topic)}
              className={cn(
                'flex w-full cursor-pointer flex-col gap-1 rounded-md border px-3 py-2 text-left transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                active ? 'border-primary bg-primary-soft' : 'border-transparent',
              )}
            >
              <span className="flex items-baseline justify-between gap-2">
                <span className="font-semibold">{SUPPORT_TOPIC_LABELS[conversation.topic]}</span>
                <time
                  dateTime={conversation.last.createdAt}
                  className="shrink-0 text-xs text-muted-foreground"
                >
                  {format(new Date(conversation.last.createdAt), 'MMM d, yyyy')}
                </time>
              </span>
              <span className="text-sm text-muted-foreground">
                {conversation.last.isFromAdmin ? `${SUPPORT_TEXT.supportTeam}: ` : ''}
                {snippet(conversation.last.message)}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
