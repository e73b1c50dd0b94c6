import "server-only";
import { sandboxProvidersAllowed } from "@/lib/env";
import type { Site } from "@/server/sites/sites";
import { hasFeature } from "@/lib/features";

export interface SignInProvider {
  id: string;
  kind: "sandbox-eid" | "oidc" | "email";
  name: string;
}

/** The sign-in methods a site offers. The sandbox e-ID never appears where sandboxes are not allowed. */
export function siteProviders(site: Pick<Site, "auth" | "features">): SignInProvider[] {
  const list: SignInProvider[] = [];
  if (site.auth.sandboxEid && sandboxProvidersAllowed()) list.push({ id: "sandbox-eid", kind: "sandbox-eid", name: "Sandbox e-ID" });
  for (const p of site.auth.oidc ?? []) list.push({ id: p.id, kind: "oidc", name: p.name });
  if (hasFeature(site, "sign-in.email-only")) list.push({ id: "email", kind: "email", name: "E-mail" });
  return list;
}
