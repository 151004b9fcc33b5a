export const ROLES = ['user', 'admin', 'AMBSD'] as const;
export type Role = (typeof ROLES)[number];

export const PRODUCT_NAME = 'Encore';
export const TAGLINE = 'Real Fans, Fair Pricing, Transparent Fees';

export const MIN_USERNAME_LENGTH = 3;
export const MIN_EMAIL_LENGTH = 5;
export const VERIFICATION_CODE_LENGTH = 6;

/** Timings of the authentication flows (spec 000 §9 and issue 2). */
export const LOGIN_CODE_TTL_MINUTES = 10;
export const LOGIN_CODE_MAX_TRIES = 5;
/** A pending login (password right, code awaited) lives this long; its cookie as long. */
export const PENDING_LOGIN_TTL_MINUTES = 30;
/** 'Send a new code' works at most once a minute and five times per pending login. */
export const LOGIN_CODE_RESEND_SECONDS = 60;
export const LOGIN_CODE_MAX_RESENDS = 5;
export const TRUSTED_DEVICE_DAYS = 30;
export const EMAIL_VERIFICATION_TTL_HOURS = 24;
/** A newsletter confirmation link works this long (decision 0064); signing up again sends a new one. */
export const NEWSLETTER_CONFIRM_TTL_HOURS = 48;
/** A pending address is sent another confirmation link at most this often. */
export const NEWSLETTER_RESEND_MINUTES = 10;
/** A login on an unverified account re-sends the verification link at most this often. */
export const VERIFICATION_RESEND_MINUTES = 5;
export const PASSWORD_RESET_TTL_MINUTES = 60;
export const EMAIL_CHANGE_TTL_HOURS = 24;
export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
export const ACCOUNT_LOCK_MINUTES = 15;
export const SESSION_TTL_DAYS = 30;

export const NOTIFICATIONS_POLL_MS = 30_000;
export const TOAST_DURATION_MS = 5_000;
export const VERIFY_SUCCESS_REDIRECT_MS = 1_500;
export const HONEYPOT_DELAY_MS = 1_000;

/** Spec 000 §9 Limits: concert search needs at least 3 characters; the server answers at most 20 concerts. */
export const CONCERT_SEARCH_MIN_LENGTH = 3;
export const CONCERT_SEARCH_LIMIT = 20;
/** The marketplace page size when the client names none. Here, not in schemas/, so pages can use it without loading zod. */
export const TICKET_PAGE_SIZE_DEFAULT = 24;
/** Spec 000 §9 Timing: artist info is cached for 1 hour. */
export const ARTIST_INFO_CACHE_SECONDS = 3_600;

/** Spec 000 §9 Limits: a ticket image is at most 5MB (JPEG, PNG, GIF or WebP, checked by its bytes). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Listing limits the server enforces beyond the spec's rules (they keep every amount inside an integer column). */
export const TICKET_MAX_QUANTITY = 100;
export const TICKET_MAX_AMOUNT_CENTS = 10_000_000;
export const TICKET_MAX_DAYS = 31;

/**
 * Per-user upload quotas (decision 0007): uploads per hour, and images a user may hold that no listing shows
 * (the sweep removes those after a day).
 */
export const IMAGE_UPLOADS_PER_HOUR = 30;
export const IMAGE_UPLOAD_WINDOW_MS = 60 * 60_000;
export const IMAGE_UNATTACHED_MAX = 20;

/** The most tickets a price alert asks for (decision 0060). */
export const PRICE_ALERT_QUANTITY_MAX = 8;

/** Spec 001 §9: a barcode image is at most 10 MB. */
export const BARCODE_MAX_BYTES = 10 * 1024 * 1024;
