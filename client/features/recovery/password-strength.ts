import type { StrengthTone } from '@client/components/ui/strength-meter';
import { RECOVERY_SCREEN_TEXT } from '@common/messages';
import { passwordScore } from '@common/password';

/** The reset-password meter (spec 001 §5): under 40 weak, under 80 moderate, otherwise strong. */
export function resetPasswordStrength(password: string): {
  score: number;
  tone: StrengthTone;
  label: string;
} {
  const score = passwordScore(password);
  if (score < 40) return { score, tone: 'red', label: RECOVERY_SCREEN_TEXT.strengthWeak };
  if (score < 80) return { score, tone: 'yellow', label: RECOVERY_SCREEN_TEXT.strengthModerate };
  return { score, tone: 'green', label: RECOVERY_SCREEN_TEXT.strengthStrong };
}
