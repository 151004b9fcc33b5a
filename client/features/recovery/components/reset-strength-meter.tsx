import { StrengthMeter } from '@client/components/ui/strength-meter';
import { resetPasswordStrength } from '../password-strength';

/** The reset page's strength meter (spec 001 §5): 'Weak password', 'Moderate password' or 'Strong password'. */
export function ResetStrengthMeter({ password, labelId }: { password: string; labelId: string }) {
  if (password === '') return null;
  const strength = resetPasswordStrength(password);
  return <StrengthMeter score={strength.score} tone={strength.tone} text={strength.label} textId={labelId} />;
}
