/**
 * The pace at which the app reports where its user is and what of the map it watches: what the
 * realtime service is built and measured for (`bench:meet` simulates phones with these).
 */

/** A phone with its hand up sends its position about this often while it stands still. */
export const APP_POSITION_INTERVAL_MS = 15_000;
/** …and sooner once it has moved this far (metres). */
export const APP_POSITION_DISTANCE_M = 10;
/**
 * The map watches this far around the user: a short walk (about 12 minutes), since MEEET is for
 * meeting in person now. In a dense crowd (25 raised hands per km²) that is some 80 people, as
 * many as a phone's map shows before it has to cluster them.
 */
export const APP_WATCH_RADIUS_M = 1_000;
