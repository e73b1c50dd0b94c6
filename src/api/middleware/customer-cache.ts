import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { cachedReads, forgetCustomerData } from "@/server/cache/customer-data";

/**
 * GET and HEAD read a customer's profile and invoice rows through the per-customer cache
 * (src/server/cache/customer-data.ts). Any other method reads the database, and when it is done
 * the customer it acted for is forgotten in this process before the answer leaves, so the caller's
 * next read sees the write; the database's triggers tell the other processes.
 */
export const customerCache = createMiddleware<AppEnv>(async (c, next) => {
  // Calls with no customer to act for (public data, sign-in) read no customer's rows.
  const customer = c.get("session")?.activeCustomer;
  if (!customer) return next();
  const method = c.req.method;
  if (method === "GET" || method === "HEAD") return cachedReads(next);
  try {
    await next();
  } finally {
    forgetCustomerData(c.get("site").id, customer.id);
  }
});
