import type { StrengthTone } from '@client/components/ui/strength-meter';
import { AUTH_SCREEN_TEXT } from '@common/messages';
import { type PasswordChecks, passwordChecks, passwordScore } from '@common/password';

export interface PasswordStrength {
  score: number;
  tone: StrengthTone;
  hint: string;
}

const MISSING_LABEL: Record<keyof PasswordChecks, string> = {
  length: 'at least 8 characters',
  uppercase: 'an uppercase letter',
  lowercase: 'a lowercase letter',
  digit: 'a number',
  special: 'a special character',
};

const list = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

/**
 * The registration strength meter (spec 000 §5 'Password score'): below 40 red, 40-79 yellow,
 * 80 or more green. The red and yellow hints name what is still missing.
 */
export function registrationPasswordStrength(password: string): PasswordStrength {
  const score = passwordScore(password);
  const checks = passwordChecks(password);
  const missing = (Object.keys(MISSING_LABEL) as (keyof PasswordChecks)[])
    .filter((criterion) => !checks[criterion])
    .map((criterion) => MISSING_LABEL[criterion]);
  const addMissing = `${AUTH_SCREEN_TEXT.strengthAdd} ${list.format(missing)}.`;

  if (score < 40)
    return { score, tone: 'red', hint: missing.length > 0 ? addMissing : AUTH_SCREEN_TEXT.strengthWeak };
  if (score < 80) {
    return {
      score,
      tone: 'yellow',
      hint:
        missing.length > 0
          ? `${AUTH_SCREEN_TEXT.strengthAlmostThere} ${addMissing}`
          : AUTH_SCREEN_TEXT.strengthGood,
    };
  }
  return { score, tone: 'green', hint: AUTH_SCREEN_TEXT.strengthStrong };
}
