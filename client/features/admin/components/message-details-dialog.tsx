import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/toaster';
import { useCurrentUser } from '@client/lib/session';
import { ADMIN_TEXT } from '@common/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminKeys } from '../api';
import { longDate } from '../format';
import { replyToMessage, type SupportMessage } from '../support-messages';
import { useReturnFocus } from '../use-return-focus';
import { DetailItem, DetailList } from './detail-dialog';

/** Spec 001 §2 support topics. */
export const TOPIC_LABELS: Record<string, string> = {
  account: 'Account Issues',
  tickets: 'Ticket Problems',
  payment: 'Payment Questions',
  transfer: 'Transfer Problems',
  refund: 'Refund Requests',
  security: 'Security Concerns',
  other: 'Other Questions',
};
export const topicLabel = (topic: string) => TOPIC_LABELS[topic] ?? topic;

/** Spec 001 §2 'Message Details': the message and a reply box; Send Reply waits for non-blank text. */
export function MessageDetailsDialog({ message, onClose }: { message: SupportMessage; onClose: () => void }) {
  useReturnFocus();
  const [reply, setReply] = useState('');
  const { data: admin } = useCurrentUser();
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: () => replyToMessage(message.id, reply.trim(), admin?.id ?? 0),
    onSuccess: async () => {
      toast({ title: ADMIN_TEXT.replySent });
      onClose();
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: () => toast({ title: ADMIN_TEXT.replyFailed, variant: 'destructive' }),
  });
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{ADMIN_TEXT.messageDetails}</DialogTitle>
          <DialogDescription>{topicLabel(message.topic)}</DialogDescription>
        </DialogHeader>
        <DetailList>
          <DetailItem label="From">{message.username}</DetailItem>
          <DetailItem label="Date">{longDate(message.createdAt)}</DetailItem>
          <DetailItem label="Status">
            <Badge variant={message.resolved ? 'default' : 'secondary'}>
              {message.resolved ? 'resolved' : 'pending'}
            </Badge>
          </DetailItem>
          <DetailItem label="Message" wide>
            <p className="whitespace-pre-wrap">{message.message}</p>
          </DetailItem>
        </DetailList>
        <div className="space-y-2">
          <Label htmlFor="admin-message-reply">Reply</Label>
          <Textarea
            id="admin-message-reply"
            rows={4}
            maxLength={1000}
            value={reply}
            onChange={(event) => setReply(event.target.value)}
          />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {ADMIN_TEXT.cancel}
          </Button>
          <Button disabled={reply.trim() === '' || send.isPending} onClick={() => send.mutate()}>
            {ADMIN_TEXT.sendReply}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
