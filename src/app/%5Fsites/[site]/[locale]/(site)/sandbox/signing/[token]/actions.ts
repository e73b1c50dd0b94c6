"use server";

import { headers } from "next/headers";
import { z } from "zod";
import { getSiteById } from "@/server/sites/sites";
import { decideSandboxSigning } from "@/server/providers/signing/sandbox";
import { sandboxProvidersAllowed } from "@/lib/env";
import { AppError } from "@/server/errors";
import type { SandboxSigningState } from "@/ui/contract-signing/sandbox-signing-form";

const Input = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  decision: z.enum(["sign", "decline"]),
});

/**
 * The signer's choice on the sandbox signing page. Answers where the browser goes next (the
 * portal's confirmation page as it gave it); the page leaves with a full navigation, as a
 * provider's page does.
 */
export async function decideSandboxSigningAction(_prev: SandboxSigningState, form: FormData): Promise<SandboxSigningState> {
  const parsed = Input.safeParse({ token: form.get("token"), decision: form.get("decision") });
  if (!parsed.success || !sandboxProvidersAllowed()) return { error: "invalid" };
  const h = await headers();
  const site = await getSiteById(h.get("x-portal-site") ?? "");
  if (!site) return { error: "invalid" };
  try {
    const { returnUrl } = await decideSandboxSigning(parsed.data.token, parsed.data.decision, site.id);
    return { error: null, redirectTo: returnUrl };
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") return { error: "not-found" };
    if (err instanceof AppError && err.code === "conflict") return { error: err.message.endsWith("expired") ? "expired" : "decided" };
    throw err;
  }
}
