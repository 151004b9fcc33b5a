import { StrengthMeter } from '@client/components/ui/strength-meter';
import { registrationPasswordStrength } from '../password-strength';

/** The registration strength meter (spec 000 §5): the score's bar and the hint of what is missing. */
export function PasswordStrengthMeter({ password, hintId }: { password: string; hintId: string }) {
  if (password === '') return null;
  const strength = registrationPasswordStrength(password);
  return <StrengthMeter score={strength.score} tone={strength.tone} text={strength.hint} textId={hintId} />;
}
