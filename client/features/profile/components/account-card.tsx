import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { PROFILE_TEXT } from '@common/messages';
import type { CurrentUser } from '@common/schemas/users';
import { useState } from 'react';
import { ChangeEmailDialog } from './change-email-dialog';

/** The account's e-mail, a change waiting for confirmation, and the Change Email dialog. */
export function AccountCard({ user }: { user: CurrentUser }) {
  const [changing, setChanging] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{PROFILE_TEXT.accountTitle}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="text-sm">
          <p className="font-medium">{PROFILE_TEXT.emailLabel}</p>
          <p className="break-all text-muted-foreground">{user.email}</p>
          {user.pendingEmail ? (
            <p className="mt-1 break-all text-warning">{PROFILE_TEXT.pendingEmail(user.pendingEmail)}</p>
          ) : null}
        </div>
        <Button variant="outline" className="self-start" onClick={() => setChanging(true)}>
          {PROFILE_TEXT.changeEmail}
        </Button>
        <ChangeEmailDialog user={user} open={changing} onOpenChange={setChanging} />
      </CardContent>
    </Card>
  );
}
