"use server";

import { headers } from "next/headers";
import { z } from "zod";
import { getSiteById } from "@/server/sites/sites";
import { decideSandboxPayment } from "@/server/providers/payments/sandbox";
import { sandboxProvidersAllowed } from "@/lib/env";
import { AppError } from "@/server/errors";
import type { SandboxDecisionState } from "@/ui/invoices/sandbox-payment-form";

const Input = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  decision: z.enum(["approve", "decline", "leave-pending"]),
});

/**
 * The customer's choice on the sandbox provider's page. Answers where the browser goes next; the
 * page then leaves with a full navigation, as a provider's page does (a server-side redirect() of
 * an action would be rendered by a request to the server's own host name, not the site's).
 */
export async function decideSandboxPaymentAction(_prev: SandboxDecisionState, form: FormData): Promise<SandboxDecisionState> {
  const parsed = Input.safeParse({ token: form.get("token"), decision: form.get("decision") });
  if (!parsed.success || !sandboxProvidersAllowed()) return { error: "invalid" };
  const h = await headers();
  const site = await getSiteById(h.get("x-portal-site") ?? "");
  if (!site) return { error: "invalid" };
  let target: string;
  try {
    const result = await decideSandboxPayment(parsed.data.token, parsed.data.decision, { siteId: site.id });
    target = result.redirectUrl;
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") return { error: "not-found" };
    if (err instanceof AppError && err.code === "conflict") return { error: err.message.endsWith("expired") ? "expired" : "decided" };
    throw err;
  }
  // Back to the address the merchant gave, as it is: it already names the customer's language.
  return { error: null, redirectTo: target };
}
