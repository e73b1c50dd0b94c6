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
