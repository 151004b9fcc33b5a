import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/toaster';
import { ApiError } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { MESSAGE_TEXT, SALE_STATE_TEXT } from '@common/messages';
import { MESSAGE_MAX_LENGTH, type TicketMessage } from '@common/schemas/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { Send } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { threadQueryOptions, useSendMessage } from './api';
import { SystemText } from './system-text';

export interface MessageThreadProps {
  ticketId: number;
  /** The signed-in user: their own messages are blue and on the right. */
  viewerId: number;
  /** The sale was refunded: the thread stays readable, with no way to write (decision 0020). */
  closed?: boolean;
  /**
   * Called when the thread shows a system note the screen may not know of yet (a transfer step, a refund,
   * a reported problem): the page around it refreshes, so the card never contradicts its own thread.
   */
  onSystemNote?: () => void;
}

function serverText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

function MessageBubble({ message, own }: { message: TicketMessage; own: boolean }) {
  const system = message.messageType === 'system';
  return (
    <li className={cn('flex', own && !system ? 'justify-end' : 'justify-start')}>
      <div
        data-testid="message"
        data-kind={system ? 'system' : own ? 'own' : 'other'}
        className={cn(
          'max-w-[85%] rounded-lg px-3 py-2 text-sm shadow-sm',
          system && 'w-full max-w-full border border-warning/40 bg-warning-soft text-foreground',
          own && !system && 'bg-info text-white',
          !own && !system && 'bg-muted text-foreground',
        )}
      >
        <p className={cn('text-xs font-semibold', system ? 'text-warning' : own ? 'text-info-soft' : '')}>
          {system ? MESSAGE_TEXT.systemSender : (message.sender?.username ?? MESSAGE_TEXT.systemSender)}
        </p>
        {/* Text only: React escapes it, so markup in a message is shown, never interpreted. */}
        <p className="whitespace-pre-wrap break-words">
          {system ? <SystemText content={message.content} /> : message.content}
        </p>
        <p
          className={cn(
            'mt-1 text-right text-xs',
            system ? 'text-muted-foreground' : own ? 'text-info-soft' : 'text-muted-foreground',
          )}
        >
          <time dateTime={message.createdAt}>{format(new Date(message.createdAt), 'MMM d, h:mm a')}</time>
        </p>
      </div>
    </li>
  );
}

/** A ticket's conversation (spec 001 §2 message thread): polled every 5 s while it is on screen. */
export function MessageThread({ ticketId, viewerId, closed = false, onSystemNote }: MessageThreadProps) {
  const queryClient = useQueryClient();
  const thread = useQuery(threadQueryOptions(queryClient, ticketId));
  const send = useSendMessage(ticketId);
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const messages = thread.data?.messages ?? [];
  const newestId = messages.at(-1)?.id;

  // Keep the newest message in view as messages arrive.
  useEffect(() => {
    const log = logRef.current;
    if (log && newestId !== undefined) log.scrollTop = log.scrollHeight;
  }, [newestId]);

  const newestNoteId = messages.findLast((entry) => entry.messageType === 'system')?.id;
  const noteListener = useRef(onSystemNote);
  noteListener.current = onSystemNote;
  useEffect(() => {
    if (newestNoteId !== undefined) noteListener.current?.();
  }, [newestNoteId]);

  const blank = draft.trim().length === 0;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (blank || send.isPending) return;
    // Send is disabled while sending and on the emptied draft: focus stays in the composer, not on <body>.
    inputRef.current?.focus();
    send.mutate(draft.trim(), {
      onSuccess: () => setDraft(''),
      onError: (error) =>
        toast({ title: MESSAGE_TEXT.errorTitle, description: serverText(error), variant: 'destructive' }),
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <section aria-label={MESSAGE_TEXT.threadLabel} className="grid gap-2">
      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label={MESSAGE_TEXT.threadLabel}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        tabIndex={0}
        className="h-[300px] overflow-y-auto rounded-lg border border-border bg-surface p-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {thread.isError ? (
          <p role="alert" className="mb-2 text-sm font-medium text-destructive">
            {`${MESSAGE_TEXT.fetchFailed} ${serverText(thread.error)}`}
          </p>
        ) : null}
        {thread.isPending ? (
          <div className="flex h-full items-center justify-center">
            <Spinner label={MESSAGE_TEXT.threadLabel} />
          </div>
        ) : messages.length === 0 ? (
          thread.isError ? null : (
            <p className="flex h-full items-center justify-center text-center text-sm text-muted-foreground">
              {MESSAGE_TEXT.empty}
            </p>
          )
        ) : (
          <ol className="grid gap-2">
            {messages.map((message) => (
              <MessageBubble key={message.id} message={message} own={message.senderId === viewerId} />
            ))}
          </ol>
        )}
      </div>
      {closed ? (
        <p className="text-sm text-muted-foreground">{SALE_STATE_TEXT.threadClosed}</p>
      ) : (
        <>
          <form onSubmit={submit} className="flex items-end gap-2">
            <label htmlFor={inputId} className="sr-only">
              {MESSAGE_TEXT.inputLabel}
            </label>
            <Textarea
              ref={inputRef}
              id={inputId}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onKeyDown}
              placeholder={MESSAGE_TEXT.placeholder}
              maxLength={MESSAGE_MAX_LENGTH}
              rows={2}
              className="min-h-10 resize-none"
            />
            <Button type="submit" disabled={blank || send.isPending} aria-label={MESSAGE_TEXT.send}>
              {send.isPending ? <Spinner label={MESSAGE_TEXT.sending} /> : <Send aria-hidden />}
              <span className="hidden sm:inline">{MESSAGE_TEXT.send}</span>
            </Button>
          </form>
          <p className="text-right text-xs text-muted-foreground" aria-live="off">
            {MESSAGE_TEXT.characterCount(draft.length, MESSAGE_MAX_LENGTH)}
          </p>
        </>
      )}
    </section>
  );
}
