import type { Server } from "node:http";
import Provider from "oidc-provider";

/**
 * A real OpenID Connect provider on 127.0.0.1, standing in for a Finnish Trust Network or Baltic
 * e-ID broker: its login form takes a national identity code as the user name and returns it
 * in the `personal_identity_code` claim.
 */
export async function startOidcProvider(opts: { port: number; redirectUris: string[]; clientId: string; clientSecret: string }) {
  const issuer = `http://127.0.0.1:${opts.port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    claims: { openid: ["sub"], profile: ["name", "given_name", "family_name", "personal_identity_code"] },
    scopes: ["openid", "profile"],
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => false },
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          return { sub: `sub-${id}`, name: "Olli Oidc", given_name: "Olli", family_name: "Oidc", personal_identity_code: id };
        },
      };
    },
    cookies: { keys: ["oidc-test-cookie-key-0123456789"] },
  });
  provider.proxy = false;
  const server: Server = await new Promise((resolve) => {
    const s = provider.listen(opts.port, "127.0.0.1", () => resolve(s));
  });
  return { issuer, close: () => new Promise<void>((r) => server.close(() => r())) };
}
