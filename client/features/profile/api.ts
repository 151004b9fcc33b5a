import { sendJson } from '@client/lib/api';
import type { UpdateUserRequest } from '@common/schemas/auth';
import type { CurrentUser } from '@common/schemas/users';

/** PATCH /api/user: profile fields change at once; a new e-mail only starts a change (spec 000 §7). */
export function updateProfile(changes: UpdateUserRequest): Promise<CurrentUser> {
  return sendJson<CurrentUser>('PATCH', '/api/user', changes);
}
