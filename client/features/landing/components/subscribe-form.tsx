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
import {
  firstSubscribeProblem,
  type SubscribeFormValues,
  type SubscribeProblem,
} from '../subscribe-validation';

const EMPTY: SubscribeFormValues = { name: '', email: '', consent: false };

/** The problem told beside its field, tied to it for screen readers. */
function FieldProblem({ id, problem }: { id: string; problem: SubscribeProblem }) {
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {problem.description}
    </p>
  );
}

/**
 * Name, e-mail and consent for Encore news (double opt-in); every outcome is told in a toast (spec 001 §5,
 * §8), and a problem also beside its field, which takes the focus.
 */
export function SubscribeForm() {
  const [values, setValues] = useState<SubscribeFormValues>(EMPTY);
  const [problem, setProblem] = useState<SubscribeProblem | null>(null);
  const subscribe = useSubscribe();
  const id = useId();
  const problemId = `${id}-problem`;
  const problemOn = (field: keyof SubscribeFormValues) =>
    problem?.field === field ? { 'aria-invalid': true, 'aria-describedby': problemId } : {};
  const change = (next: SubscribeFormValues) => {
    setValues(next);
    setProblem(null);
  };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Submit stays enabled while sending, so the focus never falls from it; a second press waits its turn.
    if (subscribe.isPending) return;
    const found = firstSubscribeProblem(values);
    setProblem(found);
    if (found) {
      toast({ title: found.title, description: found.description, variant: 'destructive' });
      document.getElementById(`${id}-${found.field}`)?.focus();
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
          onChange={(event) => change({ ...values, name: event.target.value })}
          {...problemOn('name')}
        />
        {problem?.field === 'name' ? <FieldProblem id={problemId} problem={problem} /> : null}
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
          onChange={(event) => change({ ...values, email: event.target.value })}
          {...problemOn('email')}
        />
        {problem?.field === 'email' ? <FieldProblem id={problemId} problem={problem} /> : null}
      </div>
      <div className="flex flex-col gap-2">
        <div className="flex items-start gap-3">
          <Checkbox
            id={`${id}-consent`}
            checked={values.consent}
            onCheckedChange={(checked) => change({ ...values, consent: checked === true })}
            className="mt-0.5"
            {...problemOn('consent')}
          />
          <Label htmlFor={`${id}-consent`} className="font-normal leading-snug text-muted-foreground">
            {LANDING_TEXT.consent}
          </Label>
        </div>
        {problem?.field === 'consent' ? <FieldProblem id={problemId} problem={problem} /> : null}
      </div>
      <Button type="submit" size="lg" aria-disabled={subscribe.isPending}>
        {subscribe.isPending ? <Spinner className="text-primary-foreground" label="Submitting" /> : null}
        Submit
      </Button>
    </form>
  );
}
