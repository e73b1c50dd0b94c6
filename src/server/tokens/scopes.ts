import "server-only";

/**
 * What a personal API token may read. Read-only by design: nothing that moves money or changes
 * a contract is ever reachable with a token. An endpoint says which scope it accepts
 * (`defineRoute({ token: "read-consumption" })`); every other endpoint refuses a token.
 */
export const TOKEN_SCOPES = ["read-consumption", "read-prices", "read-invoices"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** How long a token may live, in days. */
export const TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;
export type TokenExpiryDays = (typeof TOKEN_EXPIRY_DAYS)[number];

/** The prefix of every personal API token, so that secret scanners can find a leaked one. */
export const API_TOKEN_PREFIX = "eppat_";
/** The prefix of a calendar feed's token (it is part of the feed's URL). */
export const CALENDAR_TOKEN_PREFIX = "epcal_";
/** The prefix of a spreadsheet feed's token (it is part of the feed's CSV addresses). */
export const SPREADSHEET_TOKEN_PREFIX = "epcsv_";

/** Calls one token may make per window (its own limit, apart from sign-in and session limits; `max` is API_TOKEN_RATE_LIMIT_MAX's default). */
export const TOKEN_RATE_LIMIT = { max: 120, windowSeconds: 60 } as const;

/** Most live tokens a person may have for one customer. */
export const MAX_TOKENS_PER_CUSTOMER = 20;
