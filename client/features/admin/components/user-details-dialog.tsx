import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/toaster';
import { ROLES, type Role } from '@common/constants';
import { ADMIN_TEXT, SUSPENSION_TEXT } from '@common/messages';
import type { AdminUser } from '@common/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminKeys, updateUserRole, updateUserSuspension, userDetailOptions } from '../api';
import { longDate } from '../format';
import { RoleBadge } from './badges';
import { DetailDialog, DetailItem, DetailList, FieldSelect, failureText } from './detail-dialog';
import { ReasonDialog } from './reason-dialog';

const ROLE_LABELS: Record<Role, string> = { user: 'user', admin: 'admin', AMBSD: 'AMBSD (ambassador)' };

/** Spec 001 §2 'User Details', with the role edit (user, admin, AMBSD; decision 0036). */
export function UserDetailsDialog({ userId, onClose }: { userId: number; onClose: () => void }) {
  return (
    <DetailDialog
      title={ADMIN_TEXT.userDetails}
      thing="user"
      query={userDetailOptions(userId)}
      onClose={onClose}
    >
      {(user) => <UserDetails user={user} />}
    </DetailDialog>
  );
}

/**
 * Suspend or reinstate (decisions 0063, 0077), confirmed with a reason: a suspended member cannot sign in,
 * and everything of theirs stops; admins are demoted first.
 */
function SuspensionControl({ user }: { user: AdminUser }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const suspending = !user.suspended;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {user.suspended ? <Badge variant="destructive">{ADMIN_TEXT.suspendedBadge}</Badge> : null}
      <Button
        variant={user.suspended ? 'outline' : 'destructive'}
        size="sm"
        disabled={user.role === 'admin' && !user.suspended}
        onClick={() => setConfirming(true)}
      >
        {user.suspended ? ADMIN_TEXT.reinstate : ADMIN_TEXT.suspend}
      </Button>
      {confirming ? (
        <ReasonDialog
          title={suspending ? SUSPENSION_TEXT.suspendTitle : SUSPENSION_TEXT.reinstateTitle}
          description={
            suspending
              ? SUSPENSION_TEXT.suspendDescription(user.username)
              : SUSPENSION_TEXT.reinstateDescription(user.username)
          }
          confirmLabel={suspending ? ADMIN_TEXT.suspend : ADMIN_TEXT.reinstate}
          destructive={suspending}
          failureTitle={ADMIN_TEXT.suspensionFailed}
          send={(reason) => updateUserSuspension(user.id, suspending, reason)}
          onDone={async (answer) => {
            toast({ title: answer.message });
            queryClient.setQueryData(userDetailOptions(user.id).queryKey, answer.user);
            await queryClient.invalidateQueries({ queryKey: adminKeys.all });
          }}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}

function UserDetails({ user }: { user: AdminUser }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (role: Role) => updateUserRole(user.id, role),
    onSuccess: async (answer) => {
      toast({ title: ADMIN_TEXT.roleUpdated(answer.user.role) });
      queryClient.setQueryData(userDetailOptions(user.id).queryKey, answer.user);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) =>
      toast({ title: ADMIN_TEXT.roleUpdateFailed, description: failureText(error), variant: 'destructive' }),
  });
  return (
    <DetailList>
      <DetailItem label="ID">{user.id}</DetailItem>
      <DetailItem label="Username">
        <span className="flex flex-wrap items-center gap-2">
          {user.username}
          {user.closedAt ? <Badge variant="secondary">{ADMIN_TEXT.closedBadge}</Badge> : null}
        </span>
      </DetailItem>
      <DetailItem label="Email">{user.email || ADMIN_TEXT.notProvided}</DetailItem>
      <DetailItem label="Role">
        {/* A closed account is kept for the records only: nothing of it is managed any more. */}
        {user.closedAt ? (
          <RoleBadge role={user.role} />
        ) : (
          <FieldSelect
            id="admin-user-role"
            label="Role"
            hideLabel
            value={user.role}
            options={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
            disabled={change.isPending}
            onChange={(role) => change.mutate(role)}
          />
        )}
      </DetailItem>
      <DetailItem label="Account">
        {user.closedAt ? ADMIN_TEXT.closedOn(longDate(user.closedAt)) : <SuspensionControl user={user} />}
      </DetailItem>
      <DetailItem label="Joined">{longDate(user.createdAt)}</DetailItem>
      <DetailItem label="Reward Points">{user.rewardPoints}</DetailItem>
      <DetailItem label="Tickets Sold">{user.totalTicketsSold}</DetailItem>
      <DetailItem label="Tickets Bought">{user.totalTicketsBought}</DetailItem>
      <DetailItem label="Average Rating">
        {user.averageRating === null ? ADMIN_TEXT.noRatings : user.averageRating.toFixed(1)}
      </DetailItem>
    </DetailList>
  );
}
