import { Alert, AlertDescription } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api';
import type { DataExport } from '@common/schemas/data-exports';
import { DATA_EXPORT_TEXT } from '@common/texts/data-export';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { type Ref, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { dataExportQueryOptions, useRequestDataExport } from './api';

const when = (instant: string) => format(new Date(instant), 'MMM d, yyyy h:mm a');

function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** What the latest request is: being prepared, ready with its link until it expires, expired or failed. */
function LatestExport({ latest, linkRef }: { latest: DataExport; linkRef: Ref<HTMLAnchorElement> }) {
  if (latest.status === 'pending')
    return (
      <Alert>
        <AlertDescription>{DATA_EXPORT_TEXT.pending(when(latest.requestedAt))}</AlertDescription>
      </Alert>
    );
  if (latest.status === 'ready' && latest.downloadPath && latest.expiresAt)
    return (
      <div className="flex flex-col gap-2">
        <Alert variant="success">
          <AlertDescription>{DATA_EXPORT_TEXT.ready(when(latest.expiresAt))}</AlertDescription>
        </Alert>
        <div className="flex flex-wrap items-center gap-3">
          <Button asChild>
            <a ref={linkRef} href={latest.downloadPath} download>
              {DATA_EXPORT_TEXT.download}
            </a>
          </Button>
          {latest.bytes !== null ? (
            <span className="text-sm text-muted-foreground">
              {DATA_EXPORT_TEXT.size(fileSize(latest.bytes))}
            </span>
          ) : null}
        </div>
        {latest.truncated ? (
          <p className="text-sm text-muted-foreground">{DATA_EXPORT_TEXT.truncatedNote}</p>
        ) : null}
      </div>
    );
  return (
    <p className="text-sm text-muted-foreground">
      {latest.status === 'failed' ? DATA_EXPORT_TEXT.failed : DATA_EXPORT_TEXT.expired}
    </p>
  );
}

/**
 * The profile's "Your data" section (decision 0097): request a copy, and the state of the latest one. The
 * e-mailed link opens the profile with ?export=…, which brings this section into view with its link focused.
 */
export function DataExportPanel() {
  const state = useQuery(dataExportQueryOptions);
  const request = useRequestDataExport();
  const [params] = useSearchParams();
  const fromMail = params.has('export');
  const sectionRef = useRef<HTMLElement>(null);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const latest = state.data?.export ?? null;
  const ready = latest?.status === 'ready';

  useEffect(() => {
    if (!fromMail || !state.isSuccess) return;
    sectionRef.current?.scrollIntoView?.({ block: 'start' });
    linkRef.current?.focus();
  }, [fromMail, state.isSuccess]);

  // A refusal in the server's words (one pending at a time); anything else in ours.
  const refusal = request.isError
    ? ((request.error instanceof ApiError && request.error.status < 500
        ? request.error.serverMessage
        : undefined) ?? DATA_EXPORT_TEXT.requestFailed)
    : null;

  return (
    <Card>
      <section ref={sectionRef} aria-labelledby="your-data-title" className="scroll-mt-20">
        <CardHeader>
          <CardTitle id="your-data-title">{DATA_EXPORT_TEXT.sectionTitle}</CardTitle>
          <CardDescription>{DATA_EXPORT_TEXT.intro}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {state.isPending ? <Spinner /> : null}
          {state.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {DATA_EXPORT_TEXT.loadFailed}
            </p>
          ) : null}
          {latest ? <LatestExport latest={latest} linkRef={linkRef} /> : null}
          {latest?.status === 'pending' ? null : (
            <Button
              variant={ready ? 'outline' : 'default'}
              className="self-start"
              disabled={request.isPending || state.isPending}
              onClick={() => request.mutate()}
            >
              {request.isPending ? DATA_EXPORT_TEXT.requesting : DATA_EXPORT_TEXT.requestButton}
            </Button>
          )}
          <div aria-live="polite" className="text-sm">
            {request.isSuccess ? <p>{DATA_EXPORT_TEXT.requested}</p> : null}
            {refusal ? (
              <p role="alert" className="text-destructive">
                {refusal}
              </p>
            ) : null}
          </div>
        </CardContent>
      </section>
    </Card>
  );
}
