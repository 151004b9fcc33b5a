import { SUBSCRIBE_TEXT } from '../../../common/messages.js';
import { isEmailAddress } from '../../../common/schemas/text.js';
import type { DbOrTx } from '../../db/client.js';
import { newsletterSubscribers } from '../../db/schema/index.js';
import { Conflict, Invalid } from '../../errors.js';

/** Adds a launch-list subscriber; an address (any case) subscribes once. */
export async function subscribe(db: DbOrTx, input: { name: string; email: string }): Promise<void> {
  const name = input.name.trim();
  const email = input.email.trim();
  if (!name || !email) throw new Invalid(SUBSCRIBE_TEXT.missing);
  if (!isEmailAddress(email)) throw new Invalid(SUBSCRIBE_TEXT.invalid);
  // The unique index on lower(email) decides, so two concurrent sign-ups cannot both land.
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ name, email })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  if (inserted.length === 0) throw new Conflict(SUBSCRIBE_TEXT.alreadySubscribed);
}
