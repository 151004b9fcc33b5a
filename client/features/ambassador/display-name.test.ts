import { describe, expect, it } from 'vitest';
import { displayName } from './components/chat-pane';

describe('displayName', () => {
  it('shows first and last name when both exist, else the username (spec 001 §2)', () => {
    expect(displayName({ firstName: 'Sam', lastName: 'Ambassador', username: 'ambassador' })).toBe(
      'Sam Ambassador',
    );
    expect(displayName({ firstName: 'Sam', lastName: null, username: 'ambassador' })).toBe('ambassador');
    expect(displayName({ firstName: '', lastName: 'Ambassador', username: 'ambassador' })).toBe('ambassador');
  });
});
