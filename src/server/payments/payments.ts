import "server-only";

/**
 * The payment services, from one place: starting a payment (start.ts), its status as the
 * provider and the customer's return tell it (status.ts), provider callbacks (callbacks.ts) and
 * reconciliation of payments whose callback never came (reconciliation.ts), on the shared rules
 * of core.ts.
 */
export { applyProviderStatus, invoicePagePaths, listPaymentEvents, paymentLocale, sitePathIn, type PaymentRow, type PaymentServiceConfig, type PaymentSite, type PaymentView } from "./core";
export { startInvoicePayment, type StartInvoicePaymentInput, type StartedPayment } from "./start";
export { getCustomerPayment, handleCustomerReturn, refreshPayment } from "./status";
export { handlePaymentCallback, type CallbackOutcome } from "./callbacks";
export { queueReconciliations, reconcilePendingPayments, type ReconcileSummary } from "./reconciliation";
