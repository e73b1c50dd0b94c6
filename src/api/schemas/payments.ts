import { z } from "@hono/zod-openapi";

export const PAYMENT_PROVIDERS = ["sandbox", "everypay", "neonomics"] as const;
export const PAYMENT_STATUSES = ["created", "pending", "succeeded", "failed", "cancelled", "expired"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const StartPayment = z
  .object({
    provider: z
      .preprocess((v) => (typeof v === "string" ? v.toLowerCase() : v), z.enum(PAYMENT_PROVIDERS))
      .optional()
      .openapi({ description: "SANDBOX, EVERYPAY or NEONOMICS (case-insensitive); the site's first provider when left out" }),
    bankBic: z
      .string()
      .regex(/^[A-Za-z0-9]{8}([A-Za-z0-9]{3})?$/)
      .nullable()
      .optional()
      .openapi({ description: "The customer's bank (from GET /api/banks?type=BANK_LINK) for a bank payment" }),
    method: z.enum(["bank", "card"]),
  })
  .strict()
  .openapi("StartPayment");
export type StartPayment = z.input<typeof StartPayment>;

export const StartPaymentHeaders = z.object({
  "idempotency-key": z
    .string()
    .regex(/^[A-Za-z0-9._:-]{8,100}$/)
    .optional(),
});

export const StartedPayment = z
  .object({
    paymentId: z.string().uuid(),
    redirectUrl: z.string().openapi({
      description: "Where the browser goes next: the provider's page, absolute or a same-origin path without locale prefix (the page adds its own)",
    }),
    status: z.enum(PAYMENT_STATUSES),
    provider: z.enum(PAYMENT_PROVIDERS),
  })
  .openapi("StartedPayment");
export type StartedPayment = z.infer<typeof StartedPayment>;

export const Payment = z
  .object({
    id: z.string().uuid(),
    invoiceNumber: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    provider: z.enum(PAYMENT_PROVIDERS),
    method: z.enum(["bank", "card"]),
    bankBic: z.string().nullable(),
    amountCents: z.number().int(),
    currency: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    finishedAt: z.string().nullable(),
    redirectUrl: z.string().nullable().openapi({ description: "Continue at the provider while the payment is still created" }),
    nextPath: z.string().openapi({ description: "The portal page for this status: waiting-confirmation, confirmation or failed (without locale prefix: the page adds its own)" }),
  })
  .openapi("Payment");
export type Payment = z.infer<typeof Payment>;

export const PaymentIdParam = z.object({ paymentId: z.string().max(64) });
export const PaymentProviderParam = z.object({ provider: z.string().max(20) });

export const PaymentCallbackReceipt = z.object({ received: z.literal(true), result: z.enum(["processed", "duplicate"]), status: z.string() });
export type PaymentCallbackReceipt = z.infer<typeof PaymentCallbackReceipt>;
