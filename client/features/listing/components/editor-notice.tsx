import { Alert, AlertDescription, AlertTitle } from '@client/components/ui/alert';
import { Button } from '@client/components/ui/button';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';

/** Why the editor does not open (a listing that cannot be edited, or could not be read), with the way back. */
export function EditorNotice({
  title,
  onClose,
  variant = 'destructive',
  children,
}: {
  title: string;
  onClose: () => void;
  variant?: 'destructive' | 'info';
  children: ReactNode;
}) {
  return (
    <div className="mx-auto grid max-w-xl gap-4 px-4 py-10">
      <Alert variant={variant}>
        <AlertTitle>{title}</AlertTitle>
        <AlertDescription>{children}</AlertDescription>
      </Alert>
      <Button variant="outline" className="justify-self-start" onClick={onClose}>
        <ArrowLeft />
        Back
      </Button>
    </div>
  );
}
