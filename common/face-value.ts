/**
 * How far a price a fan pays per ticket (all-in) is from the ticket's face value, as the event page and
 * the price story say it (decision 0058): whole percent, rounded half away from zero, so that "at face
 * value" means within half a percent either side.
 */
export function percentFromFace(allInCents: number, faceValueCents: number): number | null {
  if (faceValueCents <= 0) return null;
  const percent = ((allInCents - faceValueCents) * 100) / faceValueCents;
  return Math.sign(percent) * Math.round(Math.abs(percent));
}

/** '12% above face value', 'at face value', '8% below face value'; null without a face value. */
export function faceValueLabel(percent: number | null): string | null {
  if (percent === null) return null;
  if (percent === 0) return 'at face value';
  return percent > 0 ? `${percent}% above face value` : `${-percent}% below face value`;
}
