import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/toaster';
import { ApiError } from '@client/lib/api';
import { currentUserQueryOptions } from '@client/lib/session';
import { PROFILE_TEXT } from '@common/messages';
import { TEXT_LIMITS } from '@common/schemas/text';
import type { CurrentUser } from '@common/schemas/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { updateProfile } from '../api';
import { type ProfileFormValues, profileFormSchema, profileFormValues } from '../profile-form';
import { ProfileField } from './profile-field';

const TRANSFER_FIELDS = [
  ['ticketmasterEmail', PROFILE_TEXT.ticketmasterEmail],
  ['livenationEmail', PROFILE_TEXT.livenationEmail],
  ['axsEmail', PROFILE_TEXT.axsEmail],
] as const;

/** Names and the three platforms' transfer e-mails (spec 000 §2 Profile; the seller's transfer info reads them). */
export function ProfileSettingsForm({ user }: { user: CurrentUser }) {
  const id = useId();
  const queryClient = useQueryClient();
  const form = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: profileFormValues(user),
  });
  const { errors } = form.formState;
  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: (updated) => {
      queryClient.setQueryData(currentUserQueryOptions.queryKey, updated);
      form.reset(profileFormValues(updated));
      toast({ title: PROFILE_TEXT.saved });
    },
    onError: (error) => {
      const body =
        error instanceof ApiError ? (error.body as { fieldErrors?: Record<string, string> }) : null;
      for (const [field, message] of Object.entries(body?.fieldErrors ?? {}))
        if (field in profileFormSchema.shape) form.setError(field as keyof ProfileFormValues, { message });
      toast({
        title: PROFILE_TEXT.saveFailed,
        description: error instanceof ApiError ? error.serverMessage : undefined,
        variant: 'destructive',
      });
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className="flex flex-col gap-6"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <ProfileField
          id={`${id}-first`}
          label={PROFILE_TEXT.firstName}
          autoComplete="given-name"
          maxLength={TEXT_LIMITS.personName}
          error={errors.firstName}
          {...form.register('firstName')}
        />
        <ProfileField
          id={`${id}-last`}
          label={PROFILE_TEXT.lastName}
          autoComplete="family-name"
          maxLength={TEXT_LIMITS.personName}
          error={errors.lastName}
          {...form.register('lastName')}
        />
      </div>
      <ProfileField
        id={`${id}-full`}
        label={PROFILE_TEXT.fullName}
        autoComplete="name"
        maxLength={TEXT_LIMITS.fullName}
        hint={PROFILE_TEXT.fullNameHint}
        error={errors.fullName}
        {...form.register('fullName')}
      />
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-1 font-semibold">{PROFILE_TEXT.transferEmailsTitle}</legend>
        <p className="-mt-2 text-sm text-muted-foreground">{PROFILE_TEXT.transferEmailsHint}</p>
        {TRANSFER_FIELDS.map(([field, label]) => (
          <ProfileField
            key={field}
            id={`${id}-${field}`}
            label={label}
            type="email"
            autoComplete="email"
            maxLength={TEXT_LIMITS.email}
            error={errors[field]}
            {...form.register(field)}
          />
        ))}
      </fieldset>
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {save.isPending ? <Loader2 aria-hidden className="animate-spin" /> : null}
        {PROFILE_TEXT.save}
      </Button>
    </form>
  );
}
