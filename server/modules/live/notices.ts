import { z } from 'zod';
import { LIVE_NOTICE_KINDS, type LiveNotice } from '../../../common/schemas/live.js';

/** The length of the token hash prefix a session-ended notice carries. */
export const SESSION_HINT_LENGTH = 16;

/** A notice as the triggers send it: what changed and who may hear of it (decision 0066). */
const triggerNoticeSchema = z.object({
  k: z.enum([...LIVE_NOTICE_KINDS, 'session-ended', 'role-changed']),
  id: z.number().int(),
  /** The members it concerns. */
  u: z.array(z.number().int()).max(8).optional(),
  /** A role whose members all hear it. */
  a: z.enum(['admin', 'AMBSD']).optional(),
  /** Everybody with a stream. */
  p: z.literal(true).optional(),
  /** The ticket's catalog event. */
  e: z.number().int().optional(),
  /** session-ended: the first characters of the session's token hash. */
  s: z.string().length(SESSION_HINT_LENGTH).optional(),
});

export type RoutedNotice =
  | {
      type: 'notice';
      notice: LiveNotice;
      members: number[];
      role: 'admin' | 'AMBSD' | null;
      everybody: boolean;
    }
  | { type: 'session-ended'; memberId: number; sessionHint: string }
  /** The member's role changed (migration 0037): their streams, opened with the old role, are cut. */
  | { type: 'role-changed'; memberId: number };

/** Reads one notice the triggers wrote (migrations 0030, 0047); null for anything else (nothing on the channel is trusted to be well formed). */
export function parseRoutedNotice(payload: string): RoutedNotice | null {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return null;
  }
  const parsed = triggerNoticeSchema.safeParse(json);
  if (!parsed.success) return null;
  const {
    k: kind,
    id,
    u: members = [],
    a: role = null,
    p: everybody = false,
    e: eventId,
    s: hint,
  } = parsed.data;
  if (kind === 'session-ended')
    return hint ? { type: 'session-ended', memberId: id, sessionHint: hint } : null;
  if (kind === 'role-changed') return { type: 'role-changed', memberId: id };
  const notice: LiveNotice = eventId === undefined ? { kind, id } : { kind, id, eventId };
  return { type: 'notice', notice, members, role, everybody };
}
