import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/toaster';
import { ADMIN_TEXT } from '@common/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { adminKeys } from '../api';
import { tableDate } from '../format';
import { type SupportMessage, setMessageResolved, supportMessagesQueryOptions } from '../support-messages';
import { AdminList } from './admin-list';
import { Truncated } from './admin-table';
import { MessageDetailsDialog, topicLabel } from './message-details-dialog';

function ResolveToggle({ message }: { message: SupportMessage }) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: () => setMessageResolved(message.id, !message.resolved),
    onSuccess: async () => {
      toast({ title: ADMIN_TEXT.messageMarked(message.resolved ? 'pending' : 'resolved') });
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: () => toast({ title: ADMIN_TEXT.messageStatusFailed, variant: 'destructive' }),
  });
  return (
    <div className="flex items-center gap-2">
      <Badge variant={message.resolved ? 'default' : 'secondary'}>
        {message.resolved ? 'resolved' : 'pending'}
      </Badge>
      <Button variant="ghost" size="sm" disabled={toggle.isPending} onClick={() => toggle.mutate()}>
        {message.resolved ? 'Reopen' : 'Resolve'}
      </Button>
    </div>
  );
}

const columns: ColumnDef<SupportMessage, never>[] = [
  { accessorKey: 'id', header: 'ID' },
  { id: 'username', header: 'User', cell: ({ row }) => <Truncated text={row.original.username} /> },
  { id: 'topic', header: 'Topic', cell: ({ row }) => <Truncated text={topicLabel(row.original.topic)} /> },
  { id: 'message', header: 'Message', cell: ({ row }) => <Truncated wide text={row.original.message} /> },
  { id: 'createdAt', header: 'Date', cell: ({ row }) => tableDate(row.original.createdAt) },
  { id: 'status', header: 'Status', cell: ({ row }) => <ResolveToggle message={row.original} /> },
];

/** Spec 001 §2 Messages tab: search by username, message, topic or id; resolve or reopen from the list. */
export function MessagesTab() {
  const [viewing, setViewing] = useState<SupportMessage | null>(null);
  return (
    <>
      <AdminList<SupportMessage>
        things="messages"
        failureThing="admin messages"
        columns={columns}
        defaultSort={null}
        query={supportMessagesQueryOptions}
        onView={setViewing}
      />
      {viewing === null ? null : <MessageDetailsDialog message={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
