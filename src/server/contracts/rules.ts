import "server-only";

/** A fixed-term contract whose term ends within this many days is offered a renewal (docs/decisions). */
export const RENEWAL_WINDOW_DAYS = 60;

/** A move-out may end a contract from today up to this many days ahead (docs/decisions). */
export const MOVE_OUT_MAX_DAYS = 90;
