import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ACCOUNT_CLOSURE_TEXT } from '../../common/texts/account-closure.js';

/**
 * The name other members see for a member: their username, or "Former member" once they closed their
 * account (decision 0099), whose row keeps only an anonymous name. Works on `users` and on its aliases.
 */
export function memberNameSql(member: { username: PgColumn; closedAt: PgColumn }): SQL<string> {
  return sql<string>`case when ${member.closedAt} is null then ${member.username} else ${ACCOUNT_CLOSURE_TEXT.formerMember} end`;
}
