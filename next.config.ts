import path from "node:path";
import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./src/i18n/request.ts");

const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

/**
 * Client components get their messages compiled on the server (src/i18n/browser-messages.ts), so
 * the browser and the server render of client components format them without the ICU parser
 * (about 10 kB gzipped on every page). Server components keep the parser: they read the catalogue
 * as written ("react-server" is the condition of their layer).
 */
const relative = (id: string) => `./${path.relative(process.cwd(), require.resolve(id)).replace(/\\/g, "/")}`;
const formatMessageAlias = {
  "react-server": relative("use-intl/format-message"),
  default: relative("use-intl/format-message/format-only"),
};

const config: NextConfig = {
  // A separate build folder lets several test runs build side by side (NEXT_DIST_DIR=.next-e2e).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  // `npm test` type-checks the whole project (tsc --noEmit); the build need not do it again.
  typescript: { ignoreBuildErrors: true },
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "pdfkit", "nodemailer", "sanitize-html"],
  turbopack: { resolveAlias: { "use-intl/format-message": formatMessageAlias } },
  experimental: {
    turbopackChunking: { firstPageLoadPriority: 1, requestCost: 2_000_000, minChunkSize: 500_000, maxChunkCountPerGroup: 4 },
    optimizePackageImports: ["@mantine/core", "@mantine/hooks", "@mantine/dates", "@mantine/notifications", "@mantine/modals"],
  },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default withNextIntl(config);
