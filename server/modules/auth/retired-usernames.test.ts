import { describe, expect, it } from 'vitest';
import { readsAsFormerMember, retiredUsernameHash } from './retired-usernames.js';

describe('retired usernames', () => {
  const hash = (name: string) => retiredUsernameHash('test-key', name);

  it('holds back the name in any case and width, and its lookalikes', () => {
    for (const name of [
      'MayaFan',
      'mayafan',
      'MAYAFAN',
      'ＭａｙａＦａｎ',
      'mаyafan',
      'IlliterateI'.toLowerCase(),
    ])
      expect(hash(name)).toBe(hash(name.normalize('NFKC').toLowerCase()));
    expect(hash('MayaFan')).toBe(hash('mаyafan'));
    expect(hash('BILLY')).toBe(hash('billy'));
    expect(hash('mayafan')).not.toBe(hash('mayafans'));
  });

  it('keeps no trace of the name without the key', () => {
    expect(hash('mayafan')).toMatch(/^[0-9a-f]{64}$/);
    expect(hash('mayafan')).not.toBe(retiredUsernameHash('another-key', 'mayafan'));
  });

  it('knows a name that reads as "Former member"', () => {
    expect(readsAsFormerMember('Former member 0A1B2C3D4E')).toBe(true);
    expect(readsAsFormerMember('FORMER MEMBER')).toBe(true);
    expect(readsAsFormerMember('formermember')).toBe(true);
    expect(readsAsFormerMember('Formerly a member')).toBe(false);
  });
});
