import "server-only";
import crypto from "node:crypto";
import * as z from "zod";
import { createAuthEndpoint } from "better-auth/api";
import { expireCookie, setSessionCookie } from "better-auth/cookies";
import type { BetterAuthPlugin } from "better-auth";
import { isValidSsn } from "@/lib/identity-codes";
import { sandboxProvidersAllowed } from "@/lib/env";
import { encryptSsn, hashSsn } from "./ssn-crypto";
import { ssnIdentityKey } from "./identity-keys";
import { signInErrorPath, signInReturnPath } from "./redirects";

export const SANDBOX_EID_PAGE = "/auth/sandbox-eid";

interface SandboxSite {
  id: string;
  country: string;
  sandboxEid: boolean;
  locales: readonly string[];
  defaultLocaleId: string;
}

/**
 * The cookie that binds a sign-in's state to the browser that started it (as OIDC expects of a
 * client): HttpOnly, SameSite=Lax, signed, for the ten minutes the state lives.
 */
const STATE_COOKIE = "sandbox_eid_state";
const STATE_TTL_SECONDS = 10 * 60;

function timingSafeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

/**
 * A sandbox e-identification provider that behaves like a bank / Mobile-ID / Smart-ID broker:
 * the portal redirects to the provider's page, the person picks a test identity and confirms,
 * and the provider redirects back with a one-time code that the portal redeems for a session.
 * The code is redeemed on the server, so there is no token exchange for PKCE to protect; the
 * state is bound to the browser by a cookie and a callback without the matching cookie is refused.
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
          value: JSON.stringify({ callbackURL: signInReturnPath(site, ctx.headers, ctx.query.callbackURL) }),
          expiresAt: new Date(Date.now() + STATE_TTL_SECONDS * 1000),
        });
        const cookie = ctx.context.createAuthCookie(STATE_COOKIE, { maxAge: STATE_TTL_SECONDS });
        await ctx.setSignedCookie(cookie.name, state, ctx.context.secret, cookie.attributes);
        throw ctx.redirect(`${SANDBOX_EID_PAGE}?state=${encodeURIComponent(state)}`);
      }),
      sandboxEidCallback: createAuthEndpoint(
        "/sandbox-eid/callback",
        { method: "GET", query: z.object({ state: z.string().max(200), code: z.string().max(200).optional(), error: z.string().max(100).optional() }) },
        async (ctx) => {
          if (!enabled()) throw ctx.error("NOT_FOUND");
          const fail = (reason: string) => ctx.redirect(signInErrorPath(site, ctx.headers, reason));
          // The state must be the one this browser's cookie holds: a callback link carrying someone
          // else's state and code (login CSRF) is refused before anything is consumed.
          const cookie = ctx.context.createAuthCookie(STATE_COOKIE);
          const bound = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
          if (!bound || !timingSafeEqual(bound, ctx.query.state)) throw fail("StateMismatch");
          expireCookie(ctx, cookie);
          const stateRecord = await ctx.context.internalAdapter.consumeVerificationValue(`sandbox-eid-state:${ctx.query.state}`);
          if (!stateRecord || stateRecord.expiresAt < new Date()) throw fail("StateExpired");
          const { callbackURL } = JSON.parse(stateRecord.value) as { callbackURL: string };
          if (ctx.query.error || !ctx.query.code) throw fail("AccessDenied");
          const codeRecord = await ctx.context.internalAdapter.consumeVerificationValue(`sandbox-eid-code:${ctx.query.code}`);
          if (!codeRecord || codeRecord.expiresAt < new Date()) throw fail("InvalidCode");
          const assertion = JSON.parse(codeRecord.value) as { state: string; ssn: string; name: string };
          if (assertion.state !== ctx.query.state || !isValidSsn(site.country, assertion.ssn)) throw fail("InvalidCode");
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
          throw ctx.redirect(signInReturnPath(site, ctx.headers, callbackURL));
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
