import type { ATTACHMENT_TYPES, ATTACHMENTS_MAX, MESSAGE_MAX, TICKET_NAME_MAX } from "@/api/schemas/support";

/**
 * The API's limits for what a form may send (src/api/schemas/support.ts), checked in the browser
 * first so a person hears of a file too large before it travels; the server checks them again.
 */
export const ATTACHMENT_LIMIT_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_LIMIT_COUNT: typeof ATTACHMENTS_MAX = 5;
export const ATTACHMENT_CONTENT_TYPES: typeof ATTACHMENT_TYPES = ["image/png", "image/jpeg", "image/webp", "application/pdf"];
export const NAME_LIMIT: typeof TICKET_NAME_MAX = 200;
export const MESSAGE_LIMIT: typeof MESSAGE_MAX = 10_000;
