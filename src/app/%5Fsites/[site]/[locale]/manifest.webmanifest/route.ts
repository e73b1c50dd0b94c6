import { webAppManifest } from "@/server/notifications/manifest";

/** The site's web app manifest (notifications/manifest.ts); not found without the `pwa` feature. */
export async function GET(_request: Request, { params }: { params: Promise<{ site: string; locale: string }> }) {
  const { site, locale } = await params;
  const manifest = await webAppManifest(site, locale);
  if (!manifest) return new Response("Not Found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return new Response(JSON.stringify(manifest), { headers: { "content-type": "application/manifest+json; charset=utf-8", "cache-control": "no-store" } });
}
