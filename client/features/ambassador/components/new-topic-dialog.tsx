import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/toaster';
import type { ChatTopic } from '@common/schemas/ambassador';
import { TOPIC_DESCRIPTION_MAX_LENGTH, TOPIC_NAME_MAX_LENGTH } from '@common/schemas/ambassador';
import { AMBASSADOR_TEXT } from '@common/texts/ambassador';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { useCreateTopic, writeErrorText } from '../api';

/** The New Topic dialog: Topic Name, Description (Optional), Create Topic disabled while the name is blank. */
export function NewTopicDialog({
  open,
  onOpenChange,
  onCreated,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (topic: ChatTopic) => void;
  /** The New Topic button: the dialog has no Radix trigger, so focus is given back to it by hand. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const created = useRef(false);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const create = useCreateTopic();
  const nameId = useId();
  const descriptionId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === '') return;
    create.mutate(
      { name: name.trim(), description: description.trim() === '' ? null : description.trim() },
      {
        onSuccess: (topic) => {
          toast({ title: AMBASSADOR_TEXT.topicCreated });
          setName('');
          setDescription('');
          created.current = true;
          onCreated(topic);
          onOpenChange(false);
        },
        onError: (error) =>
          toast({
            title: AMBASSADOR_TEXT.errorTitle,
            description: writeErrorText(
              error,
              AMBASSADOR_TEXT.loginToCreateTopic,
              AMBASSADOR_TEXT.createTopicFailed,
            ),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          // A created topic opens in the chat, whose composer takes focus; a cancelled dialog gives it back.
          event.preventDefault();
          if (!created.current) returnFocusTo.current?.focus();
          created.current = false;
        }}
      >
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{AMBASSADOR_TEXT.newTopicTitle}</DialogTitle>
            <DialogDescription>{AMBASSADOR_TEXT.newTopicHint}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={nameId}>{AMBASSADOR_TEXT.topicName}</Label>
            <Input
              id={nameId}
              value={name}
              maxLength={TOPIC_NAME_MAX_LENGTH}
              placeholder={AMBASSADOR_TEXT.topicNamePlaceholder}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={descriptionId}>{AMBASSADOR_TEXT.description}</Label>
            <Textarea
              id={descriptionId}
              value={description}
              rows={3}
              maxLength={TOPIC_DESCRIPTION_MAX_LENGTH}
              placeholder={AMBASSADOR_TEXT.descriptionPlaceholder}
              onChange={(event) => setDescription(event.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {AMBASSADOR_TEXT.cancel}
            </Button>
            <Button type="submit" disabled={name.trim() === '' || create.isPending}>
              {create.isPending ? AMBASSADOR_TEXT.creating : AMBASSADOR_TEXT.createTopic}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
