import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { toast } from '@client/components/ui/toaster';
import { ApiError } from '@client/lib/api';
import { LANDING_TEXT, SUBSCRIBE_TEXT } from '@common/messages';
import { type FormEvent, useId, useState } from 'react';
import { useSubscribe } from '../api';
import { firstSubscribeProblem, type SubscribeFormValues } from '../subscribe-validation';

const EMPTY: SubscribeFormValues = { name: '', email: '', consent: false };

/** Name, e-mail and consent for Encore news (double opt-in); every outcome is told in a toast (spec 001 §5, §8). */
export function SubscribeForm() {
  const [values, setValues] = useState<SubscribeFormValues>(EMPTY);
  const subscribe = useSubscribe();
  const id = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = firstSubscribeProblem(values);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    subscribe.mutate(
      { name: values.name.trim(), email: values.email.trim() },
      {
        onSuccess: () => {
          toast({ title: SUBSCRIBE_TEXT.successTitle, description: SUBSCRIBE_TEXT.success });
          setValues(EMPTY);
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            toast({
              title: SUBSCRIBE_TEXT.failedTitle,
              description: error.serverMessage ?? SUBSCRIBE_TEXT.failed,
              variant: 'destructive',
            });
          } else {
            toast({
              title: SUBSCRIBE_TEXT.networkFailureTitle,
              description: SUBSCRIBE_TEXT.networkFailure,
              variant: 'destructive',
            });
          }
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input
          id={`${id}-name`}
          name="name"
          autoComplete="name"
          placeholder="Your name"
          value={values.name}
          onChange={(event) => setValues({ ...values, name: event.target.value })}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={values.email}
          onChange={(event) => setValues({ ...values, email: event.target.value })}
        />
      </div>
      <div className="flex items-start gap-3">
        <Checkbox
          id={`${id}-consent`}
          checked={values.consent}
          onCheckedChange={(checked) => setValues({ ...values, consent: checked === true })}
          className="mt-0.5"
        />
        <Label htmlFor={`${id}-consent`} className="font-normal leading-snug text-muted-foreground">
          {LANDING_TEXT.consent}
        </Label>
      </div>
      <Button type="submit" size="lg" disabled={subscribe.isPending}>
        {subscribe.isPending ? <Spinner className="text-primary-foreground" label="Submitting" /> : null}
        Submit
      </Button>
    </form>
  );
}
