import { findSiteByHost } from "@/server/sites/sites";
import { serviceWorkerSource } from "@/server/notifications/service-worker";

/** The service worker of the request's site (its theme's notification icon and badge), at /sw.js so its scope is the whole site. */
export async function GET(request: Request) {
  const site = await findSiteByHost(request.headers.get("host"));
  if (!site) return new Response("Not Found", { status: 404 });
  return new Response(serviceWorkerSource(site), {
    headers: {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "no-cache",
      "service-worker-allowed": "/",
      "x-content-type-options": "nosniff",
    },
  });
}
