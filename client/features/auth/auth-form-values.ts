/** One form serves both modes, so a value typed in one mode survives a toggle. */
export interface AuthFormValues {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string;
  confirmPassword: string;
  /** The hidden bot trap: people never see it, so it stays empty. */
  phoneNumber: string;
}
export type AuthFormField = keyof AuthFormValues;

export const EMPTY_AUTH_FORM: AuthFormValues = {
  username: '',
  password: '',
  firstName: '',
  lastName: '',
  email: '',
  confirmPassword: '',
  phoneNumber: '',
};
