import { z } from "@hono/zod-openapi";

export const SignInProvider = z
  .object({
    id: z.string(),
    kind: z.enum(["sandbox-eid", "oidc", "email"]),
    name: z.string(),
  })
  .openapi("SignInProvider");
export type SignInProvider = z.infer<typeof SignInProvider>;

export const SignInProviderList = z.object({ providers: z.array(SignInProvider) });

export const EmailSignIn = z.object({ email: z.email().max(254), callbackUrl: z.string().max(2000).optional() }).strict();
export type EmailSignIn = z.infer<typeof EmailSignIn>;

export const EmailSent = z.object({ sent: z.boolean() });
export type EmailSent = z.infer<typeof EmailSent>;

export const OidcProviderParam = z.object({ providerId: z.string().regex(/^[a-z0-9-]{1,64}$/) });

export const OidcStart = z.object({ callbackUrl: z.string().max(2000).optional() }).strict();
export const OidcStartQuery = z.object({ callbackUrl: z.string().max(2000).optional() });

export const OidcRedirect = z.object({ url: z.string() });
export type OidcRedirect = z.infer<typeof OidcRedirect>;
