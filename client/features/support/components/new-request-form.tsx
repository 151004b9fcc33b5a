import { Button } from '@client/components/ui/button';
import { Label } from '@client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/components/ui/select';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/toaster';
import { createSupportMessageBody, SUPPORT_MESSAGE_MAX_LENGTH } from '@common/schemas/support';
import { SUPPORT_TEXT, SUPPORT_TOPIC_LABELS, SUPPORT_TOPICS, type SupportTopic } from '@common/texts/support';
import { type FormEvent, useId, useState } from 'react';
import { useCreateSupportMessage } from '../api';

type FieldErrors = Partial<Record<'topic' | 'message', string>>;

/** The new-request form of /messages: Topic, Message, Send Message (spec 001 §2, §5). */
export function NewRequestForm({ onSent }: { onSent: (topic: SupportTopic) => void }) {
  const [topic, setTopic] = useState<SupportTopic | ''>('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateSupportMessage();
  const topicId = useId();
  const messageId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createSupportMessageBody.safeParse({ topic: topic || undefined, message });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'topic' || field === 'message') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        toast({ title: SUPPORT_TEXT.sentTitle, description: SUPPORT_TEXT.sent });
        setTopic('');
        setMessage('');
        onSent(created.topic);
      },
      onError: () =>
        toast({
          title: SUPPORT_TEXT.errorTitle,
          description: SUPPORT_TEXT.sendFailed,
          variant: 'destructive',
        }),
    });
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-labelledby={`${topicId}-title`}>
      <h2 id={`${topicId}-title`} className="text-lg font-semibold">
        {SUPPORT_TEXT.newRequestTitle}
      </h2>
      <div className="flex flex-col gap-2">
        <Label htmlFor={topicId}>{SUPPORT_TEXT.topicLabel}</Label>
        <Select value={topic} onValueChange={(value) => setTopic(value as SupportTopic)}>
          <SelectTrigger
            id={topicId}
            aria-invalid={errors.topic ? true : undefined}
            aria-describedby={errors.topic ? `${topicId}-error` : undefined}
          >
            <SelectValue placeholder={SUPPORT_TEXT.topicPlaceholder} />
          </SelectTrigger>
          <SelectContent>
            {SUPPORT_TOPICS.map((value) => (
              <SelectItem key={value} value={value}>
                {SUPPORT_TOPIC_LABELS[value]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {errors.topic ? (
          <p id={`${topicId}-error`} className="text-sm text-destructive">
            {errors.topic}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={messageId}>{SUPPORT_TEXT.messageLabel}</Label>
        <Textarea
          id={messageId}
          value={message}
          rows={6}
          maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
          placeholder={SUPPORT_TEXT.messagePlaceholder}
          onChange={(event) => setMessage(event.target.value)}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={`${messageId}-count${errors.message ? ` ${messageId}-error` : ''}`}
        />
        <div className="flex justify-between gap-2 text-sm">
          <p id={`${messageId}-error`} className="text-destructive">
            {errors.message ?? ''}
          </p>
          <p id={`${messageId}-count`} className="shrink-0 text-muted-foreground">
            {SUPPORT_TEXT.characterCount(message.length, SUPPORT_MESSAGE_MAX_LENGTH)}
          </p>
        </div>
      </div>
      <Button type="submit" disabled={create.isPending} className="self-start">
        {create.isPending ? SUPPORT_TEXT.sending : SUPPORT_TEXT.sendMessage}
      </Button>
    </form>
  );
}
