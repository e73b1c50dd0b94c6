import type { Context, Next } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { cachedReads, forgetAllCustomerData, forgetCustomerData } from "@/server/cache/customer-data";

/**
 * GET and HEAD read a customer's profile and invoice rows through the per-customer cache
 * (src/server/cache/customer-data.ts). Any other method reads the database, and when it is done
 * the customer it acted for (every customer, when it acted for none) is forgotten in this process
 * before the answer leaves, so the caller's next read sees the write; the database's triggers tell
 * the other processes.
 */
export const customerCache = createMiddleware<AppEnv>(async (c, next) => {
  const customer = c.get("session")?.activeCustomer;
  const method = c.req.method;
  if (method === "GET" || method === "HEAD") return customer ? cachedReads(next) : next();
  await forgetAfter(c, next);
});

/**
 * For a GET that writes (a mailed link, a payment provider's return): it forgets as other methods do,
 * so the next read in this process sees what it changed.
 */
export const writingGet = createMiddleware<AppEnv>((c, next) => forgetAfter(c, next));

async function forgetAfter(c: Context<AppEnv>, next: Next) {
  const customer = c.get("session")?.activeCustomer;
  try {
    await next();
  } finally {
    // A write for no customer (a payment provider's callback, an administrator's call) may have
    // changed anyone's rows: this process forgets them all rather than wait for the notifications.
    if (customer) forgetCustomerData(c.get("site").id, customer.id);
    else forgetAllCustomerData();
  }
}
