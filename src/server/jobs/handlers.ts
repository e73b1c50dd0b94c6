import "server-only";

/**
 * The modules that register the handlers of the portal's jobs (registry.ts). A process that works
 * jobs imports this, so it can do every job it takes; the jobs test checks none is missing.
 */
import "@/server/providers/mail/mailer";
import "@/server/payments/reconciliation";
import "@/server/support/attachments";
import "@/server/notifications/notify";
import "@/server/notifications/hooks";
import "@/server/notifications/offers";
import "@/server/load-control/load-control";
import "@/server/notifications/spot-price";
import "@/server/contracts/signing";
