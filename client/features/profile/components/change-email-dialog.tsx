import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { toast } from '@client/components/ui/toaster';
import { ApiError } from '@client/lib/api';
import { currentUserQueryOptions } from '@client/lib/session';
import { PROFILE_TEXT } from '@common/messages';
import { TEXT_LIMITS } from '@common/schemas/text';
import type { CurrentUser } from '@common/schemas/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2, MailCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { updateProfile } from '../api';
import { newEmailSchema } from '../profile-form';
import { ProfileField } from './profile-field';

/**
 * Change Email (spec 000 §2, §4, §5): editing, then the confirmation-initiated view. Nothing is sent when
 * the new address is empty or the current one; the change takes effect from the link mailed to the
 * current address.
 */
export function ChangeEmailDialog({
  user,
  open,
  onOpenChange,
}: {
  user: CurrentUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {open ? <ChangeEmailContent user={user} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ChangeEmailContent({ user, onDone }: { user: CurrentUser; onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(newEmailSchema), defaultValues: { email: '' } });
  const change = useMutation({
    mutationFn: (email: string) => updateProfile({ email }),
    onSuccess: (updated) => {
      queryClient.setQueryData(currentUserQueryOptions.queryKey, updated);
      setSentTo(user.email);
      toast({
        title: PROFILE_TEXT.emailChangeInitiated,
        description: PROFILE_TEXT.emailChangeSentTo(user.email),
      });
    },
    onError: (error) =>
      toast({
        title: PROFILE_TEXT.emailChangeFailed,
        description: error instanceof ApiError ? error.serverMessage : undefined,
        variant: 'destructive',
      }),
  });

  if (sentTo !== null)
    return (
      <>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <MailCheck aria-hidden className="size-5 text-success" />
            {PROFILE_TEXT.emailChangeInitiated}
          </DialogTitle>
          <DialogDescription>{PROFILE_TEXT.emailChangeSentTo(sentTo)}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button onClick={onDone}>{PROFILE_TEXT.done}</Button>
        </DialogFooter>
      </>
    );

  return (
    <>
      <DialogHeader>
        <DialogTitle>{PROFILE_TEXT.changeEmailTitle}</DialogTitle>
        <DialogDescription>{PROFILE_TEXT.changeEmailDescription}</DialogDescription>
      </DialogHeader>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit(({ email }) => {
          if (email === '' || email.toLowerCase() === user.email.toLowerCase()) return;
          change.mutate(email);
        })}
      >
        <ProfileField
          id={`${id}-email`}
          label={PROFILE_TEXT.newEmail}
          type="email"
          autoComplete="email"
          maxLength={TEXT_LIMITS.email}
          error={form.formState.errors.email}
          {...form.register('email')}
        />
        <DialogFooter>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? <Loader2 aria-hidden className="animate-spin" /> : null}
            {PROFILE_TEXT.sendConfirmation}
          </Button>
        </DialogFooter>
      </form>
    </>
  );
}
