import "server-only";
import type { PaymentMethod, PaymentProviderId } from "@/server/db/schema";

/** A status as a provider reports it, already mapped onto our payment states. */
export type ProviderStatus = "created" | "pending" | "succeeded" | "failed" | "cancelled" | "expired";

export interface StartPaymentInput {
  /** Our payment id: the provider's order reference. */
  paymentId: string;
  siteId: string;
  customerId: string;
  invoiceNumber: string;
  /** The invoice's payment reference (national or RF), for the bank statement. */
  reference: string;
  amountCents: number;
  currency: string;
  method: PaymentMethod;
  bankBic: string | null;
  description: string;
  /** Absolute URL the provider sends the customer back to. */
  returnUrl: string;
  /** Path of the page that waits for the confirmation (the sandbox returns there directly). */
  waitingPath: string;
  /** Absolute URL of our server-to-server callback for this provider. */
  callbackUrl: string;
  locale: string;
  country: string;
  customerEmail: string | null;
  customerIp: string | null;
}

export interface StartPaymentResult {
  providerReference: string;
  /** Where the customer's browser goes next: the provider's payment or bank authorisation page. */
  redirectUrl: string;
  status: "created" | "pending";
  /** Non-secret state later calls need (session ids and the like). */
  providerData?: Record<string, unknown>;
}

export interface CallbackRequest {
  method: string;
  headers: Headers;
  query: URLSearchParams;
  /** The raw body, exactly as received: signatures are computed over it. */
  body: string;
}

export interface VerifiedCallback {
  providerReference: string;
  /** The provider's id of this notification, when it has one: recorded once, replays are ignored. */
  eventId: string | null;
  /** A status the provider vouched for in a signed message; null when it must be fetched. */
  status: ProviderStatus | null;
  /** Our payment id as the provider echoes it, checked against the payment found. */
  orderReference: string | null;
}

export interface ProviderPayment {
  id: string;
  siteId: string;
  providerReference: string;
  providerData: Record<string, unknown>;
  amountCents: number;
  currency: string;
}

export interface StatusResult {
  status: ProviderStatus;
  /** The provider's own status word, for the event log. */
  raw: string;
}

export interface PaymentProvider {
  readonly id: PaymentProviderId;
  startPayment(input: StartPaymentInput): Promise<StartPaymentResult>;
  /** Authenticates a callback (signature or shared secret) and says which payment it is about. */
  verifyCallback(request: CallbackRequest): Promise<VerifiedCallback>;
  /** Asks the provider for the current status of a payment. */
  fetchStatus(payment: ProviderPayment): Promise<StatusResult>;
  /** A step some providers need when the customer comes back from the bank. Returns data to keep. */
  onCustomerReturn?(payment: ProviderPayment, query: URLSearchParams): Promise<Record<string, unknown> | void>;
}

/** The callback is not authentic, or is too old to be accepted. */
export class CallbackRejected extends Error {}

/** The provider could not be reached or answered with an error. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The request lacks something this provider needs (for example a bank). */
export class ProviderInputError extends Error {
  constructor(
    readonly field: string,
    readonly messageKey: string,
  ) {
    super(messageKey);
  }
}
