import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/toaster';
import { cn } from '@client/lib/cn';
import { CHAT_MESSAGE_MAX_LENGTH, type ChatMessage, type ChatTopic } from '@common/schemas/ambassador';
import { AMBASSADOR_TEXT } from '@common/texts/ambassador';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { ArrowLeft, Send } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { ambassadorKeys, topicMessagesQueryOptions, useSendChatMessage, writeErrorText } from '../api';

/** First and last name when both exist, else the username (spec 001 §2). */
export function displayName(message: Pick<ChatMessage, 'firstName' | 'lastName' | 'username'>): string {
  return message.firstName && message.lastName
    ? `${message.firstName} ${message.lastName}`
    : message.username;
}

function RoleBadge({ role }: { role: ChatMessage['role'] }) {
  // Admins' badge is destructive-styled (spec 001 §6).
  const variant = role === 'admin' ? 'destructive' : role === 'AMBSD' ? 'info' : 'secondary';
  return <Badge variant={variant}>{role}</Badge>;
}

function ChatBubble({ message, own }: { message: ChatMessage; own: boolean }) {
  return (
    <li className={cn('flex', own ? 'justify-end' : 'justify-start')}>
      <div
        data-testid="chat-message"
        data-own={own ? 'true' : 'false'}
        className={cn(
          'max-w-[85%] rounded-lg px-3 py-2 text-sm shadow-sm',
          own ? 'bg-primary-soft text-foreground' : 'bg-muted text-foreground',
        )}
      >
        <p className="flex flex-wrap items-center gap-2 text-xs font-semibold">
          {displayName(message)} <RoleBadge role={message.role} />
        </p>
        {/* Text only: React escapes it, so markup in a message is shown, never interpreted. */}
        <p className="mt-1 whitespace-pre-wrap break-words">{message.content}</p>
        <p className="mt-1 text-right text-xs text-muted-foreground">
          <time dateTime={message.timestamp}>{format(new Date(message.timestamp), 'MMM d, h:mm a')}</time>
        </p>
      </div>
    </li>
  );
}

/** The selected topic's messages and a composer where Enter sends and Shift+Enter adds a line. */
export function ChatPane({
  topic,
  viewerId,
  onBack,
  focusComposer = false,
  onComposerFocused,
}: {
  topic: ChatTopic;
  viewerId: number;
  onBack: () => void;
  /** Just created: focus goes to the composer (the dialog that created it is gone). */
  focusComposer?: boolean;
  onComposerFocused?: () => void;
}) {
  const queryClient = useQueryClient();
  const messages = useQuery(topicMessagesQueryOptions(topic.id));
  const send = useSendChatMessage(topic.id);
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!focusComposer) return;
    inputRef.current?.focus();
    onComposerFocused?.();
  }, [focusComposer, onComposerFocused]);
  const newestId = messages.data?.at(-1)?.id;

  useEffect(() => {
    const log = logRef.current;
    if (log && newestId !== undefined) log.scrollTop = log.scrollHeight;
    // Reading the topic cleared its unread count on the server.
    if (newestId !== undefined) void queryClient.invalidateQueries({ queryKey: ambassadorKeys.topics });
  }, [newestId, queryClient]);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    const content = draft.trim();
    if (!content || send.isPending) return;
    // Send is disabled while sending and on the emptied draft: focus stays in the composer, not on <body>.
    inputRef.current?.focus();
    send.mutate(content, {
      onSuccess: () => setDraft(''),
      onError: (error) =>
        toast({
          title: AMBASSADOR_TEXT.errorTitle,
          description: writeErrorText(error, AMBASSADOR_TEXT.loginToSend, AMBASSADOR_TEXT.sendFailed),
          variant: 'destructive',
        }),
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <section className="flex h-full min-h-[28rem] flex-col gap-3" aria-labelledby={`${inputId}-title`}>
      <div className="flex items-center gap-2">
        <Button type="button" variant="ghost" size="sm" className="md:hidden" onClick={onBack}>
          <ArrowLeft aria-hidden className="size-4" />
          {AMBASSADOR_TEXT.backToTopics}
        </Button>
        <div className="min-w-0">
          <h2 id={`${inputId}-title`} className="truncate text-lg font-semibold">
            {topic.name}
          </h2>
          {topic.description ? <p className="text-sm text-muted-foreground">{topic.description}</p> : null}
        </div>
      </div>
      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label={topic.name}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        tabIndex={0}
        className="h-[24rem] flex-1 overflow-y-auto rounded-lg border border-border bg-surface p-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {messages.isPending ? (
          <div className="flex h-full items-center justify-center">
            <Spinner label={topic.name} />
          </div>
        ) : messages.isError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {AMBASSADOR_TEXT.loadFailed}
          </p>
        ) : messages.data.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted-foreground">{AMBASSADOR_TEXT.noMessages}</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {messages.data.map((message) => (
              <ChatBubble key={message.id} message={message} own={message.userId === viewerId} />
            ))}
          </ol>
        )}
      </div>
      <form onSubmit={submit} className="flex items-end gap-2">
        <label htmlFor={inputId} className="sr-only">
          {AMBASSADOR_TEXT.messageLabel}
        </label>
        <Textarea
          ref={inputRef}
          id={inputId}
          value={draft}
          rows={2}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          placeholder={AMBASSADOR_TEXT.messagePlaceholder}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          className="min-h-[2.75rem] flex-1 resize-none"
        />
        <Button type="submit" disabled={draft.trim() === '' || send.isPending}>
          <Send aria-hidden className="size-4" />
          {AMBASSADOR_TEXT.send}
        </Button>
      </form>
    </section>
  );
}
