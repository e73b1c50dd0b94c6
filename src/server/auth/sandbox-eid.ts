import "server-only";
import crypto from "node:crypto";
import * as z from "zod";
import { createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import type { BetterAuthPlugin } from "better-auth";
import { isValidSsn } from "@/lib/identity-codes";
import { env, sandboxProvidersAllowed } from "@/lib/env";
import { encryptSsn, hashSsn } from "./ssn-crypto";
import { ssnIdentityKey } from "./identity-keys";

export const SANDBOX_EID_PAGE = "/auth/sandbox-eid";

/** Only same-site relative paths are accepted as places to return to. */
export function safeCallbackPath(value: string | undefined | null): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return "/";
  return value;
}

interface SandboxSite {
  id: string;
  country: string;
  sandboxEid: boolean;
}

/**
 * A sandbox e-identification provider that behaves like a bank / Mobile-ID / Smart-ID broker:
 * the portal redirects to the provider's page, the person picks a test identity and confirms,
 * and the provider redirects back with a one-time code that the portal redeems for a session.
 */
export function sandboxEid(site: SandboxSite) {
  const enabled = () => site.sandboxEid && sandboxProvidersAllowed();
  return {
    id: "sandbox-eid",
    endpoints: {
      sandboxEidAuthorize: createAuthEndpoint("/sandbox-eid/authorize", { method: "GET", query: z.object({ callbackURL: z.string().optional() }) }, async (ctx) => {
        if (!enabled()) throw ctx.error("NOT_FOUND");
        const state = crypto.randomBytes(24).toString("base64url");
        await ctx.context.internalAdapter.createVerificationValue({
          identifier: `sandbox-eid-state:${state}`,
          value: JSON.stringify({ callbackURL: safeCallbackPath(ctx.query.callbackURL) }),
          expiresAt: new Date(Date.now() + 10 * 60_000),
        });
        throw ctx.redirect(`${SANDBOX_EID_PAGE}?state=${encodeURIComponent(state)}`);
      }),
      sandboxEidCallback: createAuthEndpoint(
        "/sandbox-eid/callback",
        { method: "GET", query: z.object({ state: z.string().max(200), code: z.string().max(200).optional(), error: z.string().max(100).optional() }) },
        async (ctx) => {
          if (!enabled()) throw ctx.error("NOT_FOUND");
          const stateRecord = await ctx.context.internalAdapter.consumeVerificationValue(`sandbox-eid-state:${ctx.query.state}`);
          if (!stateRecord || stateRecord.expiresAt < new Date()) throw ctx.redirect("/auth/error?error=StateExpired");
          const { callbackURL } = JSON.parse(stateRecord.value) as { callbackURL: string };
          if (ctx.query.error || !ctx.query.code) throw ctx.redirect(`/auth/error?error=AccessDenied`);
          const codeRecord = await ctx.context.internalAdapter.consumeVerificationValue(`sandbox-eid-code:${ctx.query.code}`);
          if (!codeRecord || codeRecord.expiresAt < new Date()) throw ctx.redirect("/auth/error?error=InvalidCode");
          const assertion = JSON.parse(codeRecord.value) as { state: string; ssn: string; name: string };
          if (assertion.state !== ctx.query.state || !isValidSsn(site.country, assertion.ssn)) {
            throw ctx.redirect("/auth/error?error=InvalidCode");
          }
          const ssnHash = hashSsn(assertion.ssn);
          const email = ssnIdentityKey(site.id, ssnHash);
          let user = (await ctx.context.internalAdapter.findUserByEmail(email))?.user;
          if (!user) {
            user = await ctx.context.internalAdapter.createUser(
              {
                email,
                emailVerified: true,
                name: assertion.name,
                ssnHash,
                ssnCiphertext: encryptSsn(assertion.ssn),
                identityKind: "SsnVerified",
              },
              { method: "sandbox-eid" } as never,
            );
          }
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          throw ctx.redirect(callbackURL);
        },
      ),
    },
    rateLimit: [
      {
        pathMatcher: (path: string) => path.startsWith("/sandbox-eid/"),
        window: env().SIGNIN_RATE_LIMIT_WINDOW_SECONDS,
        max: env().SIGNIN_RATE_LIMIT_MAX,
      },
    ],
  } satisfies BetterAuthPlugin;
}
