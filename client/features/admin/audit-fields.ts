import { AUDIT_TEXT } from '@common/texts/audit';
import { SUPPORT_TOPIC_LABELS } from '@common/texts/support';
import { dollars, eventDay, longDate } from './format';

/**
 * An audit entry's before and after as labelled fields (decision 0057): "Status: pending → resolved", money
 * in dollars, dates as words, ids as #7. The server writes flat named fields; anything else still reads.
 */
export interface AuditField {
  key: string;
  label: string;
  /** Absent when the field is only in `after`. */
  before?: string;
  /** Absent when the field is only in `before`. */
  after?: string;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** Fields whose values are words written with underscores (in_escrow, paid_out). */
const WORD_FIELDS = new Set(['status', 'orderStatus', 'disputeStatus', 'source', 'type']);
/** Fields holding ids of rows (read as #7). */
const ID_FIELDS = new Set([
  'ids',
  'members',
  'refundedOrders',
  'parts',
  'replyId',
  'messageId',
  'owner',
  'before',
  'after',
]);

function labelOf(key: string): string {
  const known = AUDIT_TEXT.fields[key];
  if (known) return known;
  const words = key
    .replace(/Cents$/, '')
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function scalarOf(key: string, value: unknown): string {
  if (value === null || value === undefined) return AUDIT_TEXT.none;
  if (typeof value === 'boolean') return value ? AUDIT_TEXT.yes : AUDIT_TEXT.no;
  if (typeof value === 'number') {
    if (key.endsWith('Cents')) return dollars(value / 100);
    if (ID_FIELDS.has(key)) return `#${value}`;
    return value.toLocaleString('en-US');
  }
  if (typeof value === 'string') {
    if (ISO_DAY.test(value)) return eventDay(value);
    if (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))) return longDate(value);
    if (key === 'topic' && value in SUPPORT_TOPIC_LABELS)
      return SUPPORT_TOPIC_LABELS[value as keyof typeof SUPPORT_TOPIC_LABELS];
    if (WORD_FIELDS.has(key)) return value.replace(/_/g, ' ');
    return value;
  }
  return JSON.stringify(value);
}

/** One value as words: a list item by item, a nested record as "Label: value" pairs. */
export function auditValue(key: string, value: unknown): string {
  if (Array.isArray(value))
    return value.length === 0 ? AUDIT_TEXT.none : value.map((item) => scalarOf(key, item)).join(', ');
  if (value !== null && typeof value === 'object')
    return Object.entries(value)
      .map(([inner, innerValue]) => `${labelOf(inner)}: ${auditValue(inner, innerValue)}`)
      .join('; ');
  return scalarOf(key, value);
}

function recordOf(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  // A bare value (never written today) reads as one field of its own.
  return { value };
}

/** The fields of `before` and `after`, in the order they were written (before's first). */
export function auditFields(before: unknown, after: unknown): AuditField[] {
  const was = recordOf(before);
  const now = recordOf(after);
  const keys = [...new Set([...Object.keys(was ?? {}), ...Object.keys(now ?? {})])];
  return keys.map((key) => ({
    key,
    label: labelOf(key),
    ...(was && key in was ? { before: auditValue(key, was[key]) } : {}),
    ...(now && key in now ? { after: auditValue(key, now[key]) } : {}),
  }));
}

/** The action in words ("Answered a support request"), or its code when it is not known here. */
export const auditActionLabel = (action: string): string => AUDIT_TEXT.actions[action] ?? action;
