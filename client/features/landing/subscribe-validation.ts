import { SUBSCRIBE_TEXT } from '@common/messages';

export interface SubscribeFormValues {
  name: string;
  email: string;
  consent: boolean;
}

export interface SubscribeProblem {
  title: string;
  description: string;
  /** The field to correct, where the form shows the problem beside it. */
  field: keyof SubscribeFormValues;
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The landing signup rules, checked in the spec's order (001 §5); null when the form may be sent. */
export function firstSubscribeProblem(values: SubscribeFormValues): SubscribeProblem | null {
  const name = values.name.trim();
  const email = values.email.trim();
  if (!name || !email)
    return {
      title: SUBSCRIBE_TEXT.missingTitle,
      description: SUBSCRIBE_TEXT.missing,
      field: name ? 'email' : 'name',
    };
  if (!values.consent)
    return { title: SUBSCRIBE_TEXT.consentTitle, description: SUBSCRIBE_TEXT.consent, field: 'consent' };
  if (!EMAIL_SHAPE.test(email))
    return { title: SUBSCRIBE_TEXT.invalidTitle, description: SUBSCRIBE_TEXT.invalid, field: 'email' };
  return null;
}
