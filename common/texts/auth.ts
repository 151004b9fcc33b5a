/**
 * The authentication screen (spec 000 §2, §5, §8).
 * Re-exported by ../messages.ts: a module of its own, so that a first paint carries only these texts.
 */

export const EXAMPLE_EMAIL = 'name@example.com';

/** Registration rules, in the order the client checks them (spec 000 §5). */
export const REGISTRATION_TEXT = {
  firstNameRequired: 'Please enter your first name.',
  lastNameRequired: 'Please enter your last name.',
  emailRequired: 'Please enter your email address.',
  emailInvalid: `Please enter a valid email address (e.g., ${EXAMPLE_EMAIL}).`,
  usernameRequired: 'Please choose a username for your account.',
  usernameTooShort: 'Your username must be at least 3 characters long.',
  passwordRequired: 'Please enter a password to secure your account.',
  passwordWeak:
    'Please create a stronger password. Try adding uppercase letters, numbers, and special characters like !@#$%.',
  passwordMismatch:
    "The passwords you entered don't match. Please make sure both password fields are identical.",
} as const;

/** Spec 000 §8 'Login and registration' shown texts. */
export const AUTH_ERROR_TEXT = {
  badCredentials: 'The username or password you entered is incorrect. Please double-check and try again.',
  usernameTaken: 'This username is already taken. Please choose a different username.',
  emailTaken:
    'An account with this email already exists. Please use a different email address or try logging in instead.',
  passwordTooShort: 'Your password must be at least 8 characters long.',
  passwordRequirements:
    'Your password must include uppercase and lowercase letters, numbers, and special characters.',
  emailNotVerified:
    'Please verify your email address before logging in. Check your inbox for a verification email.',
  accountSuspended: 'Your account has been suspended. Please contact support for assistance.',
  accountLocked:
    'Your account has been temporarily locked due to multiple failed login attempts. Please try again later or reset your password.',
  network:
    "We're having trouble connecting to our servers. Please check your internet connection and try again.",
  serverError: "We're experiencing technical difficulties. Please try again in a few moments.",
  unavailable: 'Our service is temporarily unavailable. Please try again in a few minutes.',
  tooManyRequests: "You've made too many attempts. Please wait a few minutes before trying again.",
  invalidCode: 'The verification code you entered is incorrect. Please check the code and try again.',
  expiredCode: 'Your verification code has expired. Please request a new one.',
  generic: 'Something went wrong. Please try again or contact support if the problem continues.',
} as const;

/** Spec 000 §2, §5: the authentication screen's own labels, hints and screens. */
export const AUTH_SCREEN_TEXT = {
  errorTitle: 'Authentication Error',
  /** Under a suspended member's sign-in error: an e-mail to support, which needs no signing in (decision 0078). */
  contactSupport: 'Contact support',
  // The spec leaves the login card's heading open: 'Welcome back' only greets someone who has been here.
  loginTitle: 'Welcome back',
  loginIntro: 'Log in to buy and sell tickets with other fans.',
  newAccountLoginTitle: 'Log in to your new account',
  newAccountLoginIntro: 'Welcome to Encore! Log in with the username and password you just chose.',
  needAccount: 'Need an account? Register',
  haveAccount: 'Have an account? Login',
  forgotUsername: 'Forgot username?',
  forgotPassword: 'Forgot password?',
  registrationCompleteTitle: 'Registration Complete',
  verifyEmailButton: 'Verify Email Address',
  goToLogin: 'Go to Login',
  returnToHome: 'Return to Home',
  backToLogin: 'Back to Login',
  tryAgain: 'Try Again',
  clear: 'Clear',
  verifying: 'Verifying...',
  verifyingLogin: 'Verifying your login...',
  trustDevice: 'Trust this device for 30 days (skip verification next time)',
  strengthWeak: 'Weak password',
  strengthGood: 'Good password',
  strengthStrong: 'Strong password!',
  strengthAdd: 'Add',
  strengthAlmostThere: 'Almost there!',
} as const;

export const AUTH_SUCCESS_TEXT = {
  registered: 'Registration successful. Please check your email to verify your account.',
  codeSent: 'A verification code has been sent to your email.',
  codeResent: 'A new verification code has been sent to your email.',
  loginVerified: 'Login verified successfully!',
  redirecting: 'Redirecting to homepage...',
  loggedOut: 'Logged out',
  /** A sign-out finished after another member signed in on the device: their session stays (decision 0103). */
  loggedOutAlready: 'Already logged out: the session on this device is another member’s.',
} as const;

export const VERIFY_FAILURE_TEXT = {
  failed: 'Verification failed. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

/**
 * Server messages of the sign-in hardening (decision 0008). Through the client's substring mapping
 * (spec 000 §8) `pendingLoginExpired` shows as the expired-code text; the others show as they are.
 */
export const SIGN_IN_TEXT = {
  /** verify-login and its resend without a live pending login of this client (cookie missing, expired, used). */
  pendingLoginExpired: 'Verification code expired. Please log in again.',
  resendTooSoon: 'Please wait before requesting another code.',
  usernameInvalidCharacters:
    'Usernames cannot contain control characters, line breaks, invisible or text-direction characters.',
  /** Decision 0064: the name's TR39 skeleton is an existing member's ('mаya' with a Cyrillic а beside 'maya'). */
  usernameTooSimilar:
    'This username is too similar to an existing username. Please choose a more distinct username.',
} as const;

/** The Registration Complete screen names the verification mail by its subject. */
export const MAIL_SUBJECT = {
  verifyEmail: 'Verify Your Email Address',
  loginCode: 'Your Encore login code',
  passwordReset: 'Reset your Encore password',
  usernameRecovery: 'Your Encore username',
  emailChange: 'Confirm your new Encore email address',
} as const;

/** Issue 7: 'Resend code' on the Verification Required screen (POST /api/verify-login/resend; its answers are AUTH_SUCCESS_TEXT.codeResent and SIGN_IN_TEXT). */
export const RESEND_CODE_TEXT = {
  button: 'Resend code',
  countdown: (seconds: number) => `Resend code in ${seconds}s`,
  sending: 'Sending...',
} as const;
