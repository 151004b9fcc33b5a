import { describe, expect, it } from 'vitest';
import { uniqueViolation } from './unique-violation.js';

describe('uniqueViolation', () => {
  it('finds the index name on the error or its causes', () => {
    expect(uniqueViolation({ code: '23505', constraint: 'users_email_lower_idx' })).toBe(
      'users_email_lower_idx',
    );
    expect(uniqueViolation(new Error('wrapped', { cause: { code: '23505', constraint: 'x_idx' } }))).toBe(
      'x_idx',
    );
    expect(uniqueViolation({ code: '23505' })).toBe('');
  });

  it('is null for other errors', () => {
    expect(uniqueViolation(new Error('boom'))).toBeNull();
    expect(uniqueViolation({ code: '23503' })).toBeNull();
    expect(uniqueViolation(undefined)).toBeNull();
  });
});
