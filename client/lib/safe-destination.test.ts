import { describe, expect, it } from 'vitest';
import { loginThenTo, safeDestination } from './safe-destination';

describe('safeDestination', () => {
  it.each(['/?ticket=12', '/my-tickets', '/home?search=aurora#list'])(
    'keeps the same-site path %s',
    (path) => {
      expect(safeDestination(path)).toBe(path);
    },
  );

  it.each([
    null,
    '',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    ' /x',
    `/${'a'.repeat(400)}`,
  ])('refuses %s', (next) => {
    expect(safeDestination(next)).toBeNull();
  });

  it('writes the login address with the destination encoded', () => {
    expect(loginThenTo('/?ticket=12')).toBe('/login?next=%2F%3Fticket%3D12');
  });
});
