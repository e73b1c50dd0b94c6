import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { clientIp, type AppEnv } from "../context";
import { defineRoute, jsonBody, jsonResponse } from "../route";
import { getAuth, requestOrigin } from "@/server/auth/auth";
import { emailIdentityKey } from "@/server/auth/identity-keys";
import { signInErrorPath, signInReturnPath } from "@/server/auth/redirects";
import { siteProviders } from "@/server/auth/providers";
import { countSignInAttempt } from "@/server/auth/sign-in-limits";
import { AppError, notFound } from "@/server/errors";
import { EmailSent, EmailSignIn, OidcProviderParam, OidcRedirect, OidcStart, OidcStartQuery, SignInProviderList } from "../schemas/sign-in";

export const signInRouter = new OpenAPIHono<AppEnv>();

signInRouter.openapi(
  defineRoute({
    method: "get",
    path: "/sign-in/providers",
    operationId: "listSignInProviders",
    tags: ["Sign-in"],
    summary: "The sign-in methods this site offers",
    access: "public",
    responses: { 200: jsonResponse(SignInProviderList) },
  }),
  (c) => c.json({ providers: siteProviders(c.get("site")) }, 200),
);

signInRouter.openapi(
  defineRoute({
    method: "post",
    path: "/sign-in/email",
    operationId: "sendSignInLink",
    errors: { 429: "Too many sign-in attempts" },
    tags: ["Sign-in"],
    summary: "Send a one-time sign-in link to an e-mail address",
    access: "public",
    feature: "sign-in.email-only",
    request: { body: jsonBody(EmailSignIn) },
    responses: { 200: jsonResponse(EmailSent) },
  }),
  async (c) => {
    const site = c.get("site");
    const { email, callbackUrl } = c.req.valid("json");
    await countSignInAttempt(site.id, clientIp(c), `email:${email}`);
    const auth = await getAuth(site, requestOrigin(c.req.raw.headers, c.req.url));
    await auth.api.signInMagicLink({
      body: {
        email: emailIdentityKey(site.id, email),
        callbackURL: signInReturnPath(site, c.req.raw.headers, callbackUrl),
        errorCallbackURL: signInErrorPath(site, c.req.raw.headers),
      },
      headers: c.req.raw.headers,
    });
    return c.json({ sent: true }, 200);
  },
);

/** Starts the site's OIDC sign-in: checks the provider and the rate limit, answers better-auth's state cookies and the broker's URL. */
async function startOidc(c: Context<AppEnv>, providerId: string, callbackUrl: string | undefined): Promise<string> {
  const site = c.get("site");
  if (!(site.auth.oidc ?? []).some((p) => p.id === providerId)) throw notFound();
  await countSignInAttempt(site.id, clientIp(c));
  const auth = await getAuth(site, requestOrigin(c.req.raw.headers, c.req.url));
  const result = await auth.api.signInSocial({
    body: {
      provider: providerId,
      callbackURL: signInReturnPath(site, c.req.raw.headers, callbackUrl),
      errorCallbackURL: signInErrorPath(site, c.req.raw.headers),
      disableRedirect: true,
    },
    headers: c.req.raw.headers,
    returnHeaders: true,
  });
  for (const cookie of result.headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
  return result.response.url ?? "/auth/error";
}

signInRouter.openapi(
  defineRoute({
    method: "post",
    path: "/sign-in/oidc/{providerId}",
    operationId: "startOidcSignIn",
    errors: { 404: "The site has no such identity provider", 429: "Too many sign-in attempts" },
    tags: ["Sign-in"],
    summary: "Start strong authentication with the site's OIDC identity broker; answers the URL to go to",
    access: "public",
    request: {
      params: OidcProviderParam,
      body: jsonBody(OidcStart),
    },
    responses: { 200: jsonResponse(OidcRedirect) },
  }),
  async (c) => c.json({ url: await startOidc(c, c.req.valid("param").providerId, c.req.valid("json").callbackUrl) }, 200),
);

signInRouter.openapi(
  defineRoute({
    method: "get",
    path: "/sign-in/oidc/{providerId}/start",
    operationId: "redirectToOidcSignIn",
    errors: { 404: "The site has no such identity provider" },
    tags: ["Sign-in"],
    summary: "Start strong authentication with the site's OIDC identity broker by following a link",
    description:
      "What the sign-in page's button links to, so that it works before the page's scripts have loaded: sets the state cookies and redirects to the broker. Too many attempts redirect to the sign-in error page.",
    access: "public",
    request: { params: OidcProviderParam, query: OidcStartQuery },
    responses: { 302: { description: "Redirect to the identity broker, or to the sign-in error page" } },
  }),
  async (c) => {
    try {
      return c.redirect(await startOidc(c, c.req.valid("param").providerId, c.req.valid("query").callbackUrl), 302);
    } catch (err) {
      if (err instanceof AppError && err.code === "rate_limited") return c.redirect(signInErrorPath(c.get("site"), c.req.raw.headers, "TooManyAttempts"), 302);
      throw err;
    }
  },
);
