import type { Resolver } from 'react-hook-form';
import type { AuthFormValues } from './auth-form-values';

type Validation = typeof import('./auth-form-schema');
let validation: Promise<Validation> | undefined;

/**
 * zod and the form's rules are not needed to paint the screen: they load once it has painted (the
 * screen calls this), and a submit made before they arrive waits for them. A failed load is retried.
 */
export function loadAuthValidation(): Promise<Validation> {
  validation ??= import('./auth-form-schema').catch((error: unknown) => {
    validation = undefined;
    throw error;
  });
  return validation;
}

export function authFormResolver(mode: 'login' | 'register'): Resolver<AuthFormValues> {
  return async (values, context, options) =>
    (await loadAuthValidation()).authFormResolvers[mode](values, context, options);
}
