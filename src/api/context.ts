import type { Context } from "hono";
import type { Site } from "@/server/sites/sites";
import type { PortalSession } from "@/server/auth/session";

export type AppEnv = {
  Variables: {
    requestId: string;
    clientId: string | null;
    site: Site;
    /** Null when the request has no session of this site. */
    session: PortalSession | null;
    /** The request carried a valid session of another site. */
    foreignSession: boolean;
  };
};

/** The client's address as the proxy in front of the server reports it (its first hop), or null when absent or not an address. */
export function clientIp(c: Context<AppEnv>): string | null {
  const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded && /^[0-9a-fA-F:.]{2,45}$/.test(forwarded) ? forwarded : null;
}
