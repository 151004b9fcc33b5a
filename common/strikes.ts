/**
 * Strikes (issue 44 item 5, decision 0087): a seller who lets a sale's transfer deadline pass gets one; this
 * many within STRIKE_WINDOW_DAYS pause their listings until an admin has reviewed them.
 */
export const STRIKES_TO_PAUSE = 3;
/** Twelve months, counted back from the latest strike. */
export const STRIKE_WINDOW_DAYS = 365;
