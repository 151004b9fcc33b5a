-- Issue 47 item 3, decision 0096: the purchase e-mail carries the show as an .ics attachment. The local
-- outbox keeps each mail's attachments (file name, type and base64 content) so /dev/mail and the tests see
-- what SMTP would have sent.
ALTER TABLE "outbox_emails" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;
