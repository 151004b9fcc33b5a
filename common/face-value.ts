/**
 * How far a price a fan pays per ticket (all-in) is from the ticket's face value, as the event page and
 * the price story say it (decision 0058): whole percent, rounded half away from zero, so that "at face
 * value" means within half a percent either side. Both amounts in the same unit (cents or dollars).
 */
export function percentFromFace(allIn: number, faceValue: number): number | null {
  if (faceValue <= 0) return null;
  return wholePercent(((allIn - faceValue) * 100) / faceValue);
}

/** A whole percent, rounded half away from zero, so −4.5 and 4.5 read alike (and never −0). */
export function wholePercent(value: number): number {
  const rounded = Math.sign(value) * Math.round(Math.abs(value));
  return rounded === 0 ? 0 : rounded;
}

/** '12% above face value', 'at face value', '8% below face value'; null without a face value. */
export function faceValueLabel(percent: number): string;
export function faceValueLabel(percent: number | null): string | null;
export function faceValueLabel(percent: number | null): string | null {
  if (percent === null) return null;
  if (percent === 0) return 'at face value';
  return percent > 0 ? `${percent}% above face value` : `${-percent}% below face value`;
}
