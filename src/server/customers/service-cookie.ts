import "server-only";

/**
 * The cookie that tells pages which customer a customer-service session has open. It is
 * HttpOnly (scripts cannot read or clear it), so the server clears it when the customer is
 * closed and at sign-out.
 */
export const CUSTOMER_SERVICE_COOKIE = "cs-representative-code";

const attributes = (secure: boolean) => `Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;

/** The Set-Cookie value that opens a customer for customer service. */
export function customerServiceCookie(clientCode: string, secure: boolean): string {
  return `${CUSTOMER_SERVICE_COOKIE}=${encodeURIComponent(clientCode)}; ${attributes(secure)}`;
}

/** The Set-Cookie value that clears it. */
export function clearCustomerServiceCookie(secure: boolean): string {
  return `${CUSTOMER_SERVICE_COOKIE}=; ${attributes(secure)}; Max-Age=0`;
}
