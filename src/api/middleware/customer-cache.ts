import type { Context, Next } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { cachedReads, forgetAllCustomerData, forgetCustomerData } from "@/server/cache/customer-data";

/**
 * GET and HEAD read a customer's profile and invoice rows through the per-customer cache
 * (src/server/cache/customer-data.ts). Any other method reads the database, and when it is done
 * the customer it acted for (every customer, when it acted for none) is forgotten in this process
 * before the answer leaves, so the caller's next read sees the write; the database's triggers tell
 * the other processes. Runs `next` (the rest of the request) accordingly.
 */
export function withCustomerCache(c: Context<AppEnv>, next: Next): Promise<void> {
  const customer = c.get("session")?.activeCustomer;
  const method = c.req.method;
  if (method === "GET" || method === "HEAD") return customer ? cachedReads(next) : next();
  // A write for no customer (a payment provider's callback, an administrator's call) may have
  // changed anyone's rows: this process forgets them all rather than wait for the notifications.
  return forgetAfter(customer ? { siteId: c.get("site").id, id: customer.id } : null, next);
}

/**
 * For a GET that writes (a mailed link, a payment provider's return): when it is done this process
 * forgets every customer, so the next read here sees what it changed. Such a link is public and
 * proves itself: whose rows it changes is not the session's active customer (a link opened while
 * signed in as someone else, or acting for another customer), so forgetting that one would miss it.
 */
export const writingGet = createMiddleware<AppEnv>((_c, next) => forgetAfter(null, next));

/** Runs the rest of the request, then forgets `customer` in this process, or every customer for null. */
async function forgetAfter(customer: { siteId: string; id: string } | null, next: Next) {
  try {
    await next();
  } finally {
    if (customer) forgetCustomerData(customer.siteId, customer.id);
    else forgetAllCustomerData();
  }
}
