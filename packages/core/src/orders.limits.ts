/**
 * How many orders and private jobs one person may start, so "paid" (which mails the seller) and a
 * job (which lands in the designer's inbox) cannot be used to flood someone. An order of an offer is
 * open while it awaits payment or is paid but not yet delivered.
 */
/** Open orders of offers one buyer may have with one seller. */
export const OPEN_ORDERS_PER_SELLER = 3;
/** Orders (of offers and private jobs together) one buyer may open a day. */
export const NEW_ORDERS_PER_DAY = 10;
export const PRIVATE_JOBS_PER_DAY = 5;
/** "A day" is the last 24 hours, so a quota frees up steadily rather than all at midnight. */
export const QUOTA_WINDOW_MS = 24 * 3600 * 1000;
/** A note on an order's move (why a payment is missing, why it is declined, what to change): at most this many characters. */
export const ORDER_NOTE_MAX = 500;
/** A completed order's problem can be reported for this many days after it completed. */
export const PROBLEM_REPORT_DAYS = 14;
/** What a person writes about a problem, and an admin's note resolving it: at most this many characters. */
export const PROBLEM_TEXT_MAX = 1000;
/** A review's text: at most this many characters; the stars are 1 to 5. */
export const REVIEW_TEXT_MAX = 500;
/** A review can be changed for this many days after it is first written. */
export const REVIEW_EDIT_DAYS = 7;
