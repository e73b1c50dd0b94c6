/** Payment providers a site can use. */
export type PaymentProviderId = "sandbox" | "everypay" | "neonomics";
/** The life of a payment; see state-machine.ts for the allowed steps. */
export type PaymentStatus = "created" | "pending" | "succeeded" | "failed" | "cancelled" | "expired";
export type PaymentMethod = "bank" | "card";
