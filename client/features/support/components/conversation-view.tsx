import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/toaster';
import { cn } from '@client/lib/cn';
import { SUPPORT_MESSAGE_MAX_LENGTH, type SupportMessage } from '@common/schemas/support';
import { SUPPORT_TEXT, SUPPORT_TOPIC_LABELS } from '@common/texts/support';
import { format } from 'date-fns';
import { Plus } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type Conversation, useFollowUp } from '../api';

function SupportBubble({ message }: { message: SupportMessage }) {
  const fromSupport = message.isFromAdmin;
  return (
    <li className={cn('flex', fromSupport ? 'justify-start' : 'justify-end')}>
      <div
        data-testid="support-message"
        data-from={fromSupport ? 'support' : 'you'}
        className={cn(
          'max-w-[85%] rounded-lg px-3 py-2 text-sm shadow-sm',
          fromSupport ? 'bg-muted text-foreground' : 'bg-info text-white',
        )}
      >
        <p className={cn('text-xs font-semibold', fromSupport ? '' : 'text-info-soft')}>
          {fromSupport ? SUPPORT_TEXT.supportTeam : SUPPORT_TEXT.you}
        </p>
        {/* Text only: React escapes it, so markup in a message is shown, never interpreted. */}
        <p className="whitespace-pre-wrap break-words">{message.message}</p>
        <p
          className={cn('mt-1 text-right text-xs', fromSupport ? 'text-muted-foreground' : 'text-info-soft')}
        >
          <time dateTime={message.createdAt}>
            {format(new Date(message.createdAt), 'MMM d, yyyy h:mm a')}
          </time>
        </p>
      </div>
    </li>
  );
}

/** The selected conversation of /messages with its reply box and a 'New Message' button (spec 001 §2). */
export function ConversationView({
  conversation,
  onNewMessage,
  focusReply = false,
}: {
  conversation: Conversation;
  onNewMessage: () => void;
  /** Just sent from the new-request form, which is gone: focus goes to the reply box, not to <body>. */
  focusReply?: boolean;
}) {
  const [reply, setReply] = useState('');
  const followUp = useFollowUp();
  const replyId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const replyRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (focusReply) replyRef.current?.focus();
  }, [focusReply]);
  const newestId = conversation.last.id;
  const lastFromMember = [...conversation.messages].reverse().find((message) => !message.isFromAdmin);
  const resolved = lastFromMember?.resolved ?? true;

  useEffect(() => {
    const log = logRef.current;
    if (log && newestId) log.scrollTop = log.scrollHeight;
  }, [newestId]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const message = reply.trim();
    if (!message) return;
    // Send Reply is disabled while sending and on the emptied box: focus stays in the box.
    replyRef.current?.focus();
    followUp.mutate(
      { lastId: newestId, message },
      {
        onSuccess: () => {
          setReply('');
          toast({ title: SUPPORT_TEXT.replySentTitle, description: SUPPORT_TEXT.replySent });
        },
        onError: () =>
          toast({
            title: SUPPORT_TEXT.errorTitle,
            description: SUPPORT_TEXT.replyFailed,
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <section className="flex flex-col gap-4" aria-labelledby={`${replyId}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <h2 id={`${replyId}-title`} className="text-lg font-semibold">
            {SUPPORT_TOPIC_LABELS[conversation.topic]}
          </h2>
          <Badge variant={resolved ? 'success' : 'warning'}>
            {resolved ? SUPPORT_TEXT.resolved : SUPPORT_TEXT.pending}
          </Badge>
        </div>
        <Button type="button" variant="outline" size="sm" onClick={onNewMessage}>
          <Plus aria-hidden className="size-4" />
          {SUPPORT_TEXT.newMessage}
        </Button>
      </div>
      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label={SUPPORT_TOPIC_LABELS[conversation.topic]}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        tabIndex={0}
        className="max-h-[28rem] overflow-y-auto rounded-lg border border-border bg-surface p-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ol className="flex flex-col gap-3">
          {conversation.messages.map((message) => (
            <SupportBubble key={message.id} message={message} />
          ))}
        </ol>
      </div>
      <form onSubmit={submit} className="flex flex-col gap-2">
        <Label htmlFor={replyId}>{SUPPORT_TEXT.replyLabel}</Label>
        <Textarea
          ref={replyRef}
          id={replyId}
          value={reply}
          rows={3}
          maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
          placeholder={SUPPORT_TEXT.replyPlaceholder}
          onChange={(event) => setReply(event.target.value)}
        />
        <Button type="submit" className="self-end" disabled={reply.trim() === '' || followUp.isPending}>
          {followUp.isPending ? SUPPORT_TEXT.sending : SUPPORT_TEXT.sendReply}
        </Button>
      </form>
    </section>
  );
}
