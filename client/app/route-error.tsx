import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { useOnline } from '@client/lib/use-online';
import { TriangleAlert } from 'lucide-react';
import { Component, type ReactNode } from 'react';
import { OfflineState } from './offline-state';

/**
 * Shown when a page fails to load or render (for instance a stale bundle after a deploy); without a
 * connection, a page whose code this device has not kept says that it needs one (decision 0098).
 */
export function RouteError() {
  const online = useOnline();
  if (!online) return <OfflineState signedIn={false} fullScreen />;
  return (
    <div className="flex min-h-dvh items-center justify-center bg-stage px-4 py-16">
      <Card className="flex w-full max-w-lg flex-col items-center gap-4 px-6 py-10 text-center">
        <span className="flex size-14 items-center justify-center rounded-2xl bg-destructive-soft text-destructive">
          <TriangleAlert aria-hidden className="size-7" />
        </span>
        <div className="space-y-2">
          <h1 className="text-2xl font-bold">Something went wrong</h1>
          <p className="text-muted-foreground">This page couldn't be shown. Reload to try again.</p>
        </div>
        <div className="flex gap-2">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button asChild variant="outline">
            <a href="/">Back to home</a>
          </Button>
        </div>
      </Card>
    </div>
  );
}

interface RouteErrorBoundaryProps {
  children: ReactNode;
  /** The address shown: moving to another one tries to render again. */
  resetKey: string;
}

/** Catches what a page throws while it loads or renders and shows RouteError in its place. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: RouteErrorBoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
