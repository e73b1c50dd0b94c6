"use server";

import { z } from "zod";
import { getSiteById } from "@/server/sites/sites";
import { issueSandboxCode } from "@/server/auth/sandbox-broker";
import { sandboxProvidersAllowed } from "@/lib/env";
import { AppError } from "@/server/errors";
import type { SandboxApprovalState } from "@/ui/auth/sandbox-identity-picker";

const Input = z.object({
  siteId: z.string().min(1).max(64),
  confirmPath: z.string().startsWith("/").max(200),
  state: z.string().min(10).max(200),
  identityId: z.string().max(100).optional(),
  ssn: z.string().max(20).optional(),
  name: z.string().max(100).optional(),
  method: z.enum(["smart-id", "mobile-id", "bank"]).default("smart-id"),
});

/** The sandbox provider's "confirm" step: issues the one-time code for the chosen identity. */
/**
 * Returns where to go rather than redirecting: Next.js renders a server action's redirect target
 * through an internal request whose host is not the site's, which would render another site.
 */
export async function approveSandboxIdentity(_prev: SandboxApprovalState, form: FormData): Promise<SandboxApprovalState> {
  const parsed = Input.safeParse(Object.fromEntries(form.entries()));
  if (!parsed.success || !sandboxProvidersAllowed()) return { error: "invalid" };
  const input = parsed.data;
  const site = await getSiteById(input.siteId);
  if (!site || !site.auth.sandboxEid) return { error: "invalid" };
  let result: { code: string; controlCode: string };
  try {
    result = await issueSandboxCode(site, input.state, input.identityId ? { identityId: input.identityId } : { ssn: input.ssn ?? "", name: input.name ?? "" });
  } catch (err) {
    if (err instanceof AppError && err.code === "validation") return { error: "ssn-invalid" };
    return { error: "expired" };
  }
  const q = new URLSearchParams({ state: input.state, code: result.code, control: result.controlCode, method: input.method });
  return { error: null, next: `${input.confirmPath}?${q.toString()}` };
}
