import { Alert } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { PageSpinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api';
import type { SandboxOnboardingInput } from '@common/schemas/identity';
import { IDENTITY_TEXT } from '@common/texts/verified-sellers';
import { useQuery } from '@tanstack/react-query';
import { UserCheck } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { browser, sandboxOnboardingQueryOptions, submitSandboxOnboarding } from '../api';

type Details = Omit<Extract<SandboxOnboardingInput, { decision: 'verify' }>, 'decision'>;

const FIELDS: { name: keyof Details; label: string; type?: 'date'; autoComplete: string }[] = [
  { name: 'legalName', label: IDENTITY_TEXT.legalName, autoComplete: 'name' },
  { name: 'dateOfBirth', label: IDENTITY_TEXT.dateOfBirth, type: 'date', autoComplete: 'bday' },
  { name: 'addressLine', label: IDENTITY_TEXT.addressLine, autoComplete: 'address-line1' },
  { name: 'city', label: IDENTITY_TEXT.city, autoComplete: 'address-level2' },
  { name: 'postalCode', label: IDENTITY_TEXT.postalCode, autoComplete: 'postal-code' },
  { name: 'country', label: IDENTITY_TEXT.country, autoComplete: 'country-name' },
];

function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return IDENTITY_TEXT.startFailed;
}

/**
 * /sandbox/onboarding/:accountId — the sandbox's stand-in for Stripe's onboarding (issue 44 item 4,
 * decision 0086), as the sandbox checkout stands in for Stripe Checkout: the seller confirms their legal
 * name, date of birth and address and is verified, or declines. Nothing typed here is stored.
 */
export function SandboxOnboardingPage() {
  const { accountId = '' } = useParams();
  const id = useId();
  const owner = useQuery(sandboxOnboardingQueryOptions(accountId));
  const [details, setDetails] = useState<Details>({
    legalName: '',
    dateOfBirth: '',
    addressLine: '',
    city: '',
    postalCode: '',
    country: 'United States',
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const named = useRef(false);

  // The names the account holds, filled in once for the seller to confirm.
  useEffect(() => {
    if (!owner.data || named.current) return;
    named.current = true;
    const legalName = `${owner.data.firstName} ${owner.data.lastName}`.trim();
    setDetails((typed) => ({ ...typed, legalName: typed.legalName || legalName }));
  }, [owner.data]);

  const send = async (input: SandboxOnboardingInput) => {
    setBusy(true);
    setError(null);
    try {
      browser.assign((await submitSandboxOnboarding(accountId, input)).redirectUrl);
    } catch (failure) {
      setError(failureMessage(failure));
      setBusy(false);
      requestAnimationFrame(() => errorRef.current?.focus());
    }
  };
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void send({ decision: 'verify', ...details });
  };

  if (owner.isPending) return <PageSpinner label={IDENTITY_TEXT.sandboxTitle} />;
  if (owner.isError)
    return (
      <div className="flex flex-1 items-center justify-center bg-stage p-4">
        <Alert variant="destructive" className="max-w-md">
          {failureMessage(owner.error)}
        </Alert>
      </div>
    );

  return (
    <div className="flex flex-1 justify-center bg-stage px-4 py-8 sm:py-12">
      <Card className="flex w-full max-w-xl flex-col gap-4 p-6">
        <div className="flex items-center gap-2">
          <UserCheck aria-hidden className="size-5 text-primary" />
          <h1 className="text-2xl font-bold">{IDENTITY_TEXT.sandboxTitle}</h1>
        </div>
        <p className="rounded-md bg-info-soft p-3 text-sm text-info">{IDENTITY_TEXT.sandboxIntro}</p>
        <div ref={errorRef} tabIndex={-1} className="outline-none">
          {error ? (
            <Alert variant="destructive" role="alert">
              {error}
            </Alert>
          ) : null}
        </div>
        <form onSubmit={confirm} noValidate className="flex flex-col gap-3">
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {FIELDS.map((field) => (
              <div
                key={field.name}
                className={`flex flex-col gap-1.5 ${field.name === 'addressLine' ? 'sm:col-span-2' : ''}`}
              >
                <Label htmlFor={`${id}-${field.name}`}>{field.label}</Label>
                <Input
                  id={`${id}-${field.name}`}
                  type={field.type ?? 'text'}
                  autoComplete={field.autoComplete}
                  maxLength={field.name === 'legalName' ? 200 : field.name === 'postalCode' ? 20 : 200}
                  value={details[field.name]}
                  onChange={(event) =>
                    setDetails((typed) => ({ ...typed, [field.name]: event.target.value }))
                  }
                  required
                />
              </div>
            ))}
          </div>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="submit" disabled={busy}>
              {IDENTITY_TEXT.confirm}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={busy}
              onClick={() => void send({ decision: 'decline' })}
            >
              {IDENTITY_TEXT.decline}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
