/**
 * Where an earlier flow (a purchase that ended by sending the buyer to log in) leaves a
 * success message for the login screen. The screen shows it once, then removes it.
 */
export const LOGIN_SUCCESS_MESSAGE_KEY = 'encore.loginSuccessMessage';

function storages(): Storage[] {
  return typeof window === 'undefined' ? [] : [window.sessionStorage, window.localStorage];
}

/** The stored message, if any (session storage first). */
export function readStoredSuccessMessage(): string | null {
  for (const storage of storages()) {
    const message = storage.getItem(LOGIN_SUCCESS_MESSAGE_KEY);
    if (message) return message;
  }
  return null;
}

export function clearStoredSuccessMessage(): void {
  for (const storage of storages()) storage.removeItem(LOGIN_SUCCESS_MESSAGE_KEY);
}
