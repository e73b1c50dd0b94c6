import path from "node:path";
import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./src/i18n/request.ts");

/**
 * Headers of everything Next.js serves, assets included (the same as COMMON_SECURITY_HEADERS in
 * src/server/web/security-headers.ts). Pages get their Content-Security-Policy with a per-request
 * nonce, and these again, from src/proxy.ts.
 */
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
];
/** HSTS only on answers that went out over HTTPS (X-Forwarded-Proto survives only with TRUST_PROXY). */
const hsts = { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" };

/**
 * Client components get their messages compiled on the server (src/i18n/browser-messages.ts), so
 * the browser formats them without the ICU parser (about 10 kB gzipped on every page): its bundles
 * take use-intl's format-only formatter. The server's bundles take src/i18n/format-message.ts,
 * which parses the catalogue's strings for server components and formats compiled messages for
 * client components rendered on the server.
 */
const relative = (id: string) => `./${path.relative(process.cwd(), id).replace(/\\/g, "/")}`;
const formatMessageAlias = {
  browser: relative(require.resolve("use-intl/format-message/format-only")),
  default: relative(path.join(process.cwd(), "src/i18n/format-message.ts")),
};

const config: NextConfig = {
  // A separate build folder lets several test runs build side by side (NEXT_DIST_DIR=.next-e2e).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // scripts/serving.ts compresses what Next.js answers, after rewriting a page's script tags (decision 0042).
  compress: false,
  reactStrictMode: true,
  // `npm test` type-checks the whole project (tsc --noEmit); the build need not do it again.
  typescript: { ignoreBuildErrors: true },
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "pg-boss", "pdfkit", "nodemailer", "sanitize-html"],
  turbopack: { resolveAlias: { "use-intl/format-message": formatMessageAlias } },
  experimental: {
    // Addresses outside the sites' pages (no proxy, so no site) get src/app/global-not-found.tsx;
    // there is no single root layout to draw a not-found page in.
    globalNotFound: true,
    // A Server Action's body may be 1 MB (PAGE_MAX_BODY_BYTES in src/lib/request-limits.ts):
    // scripts/server.ts answers a longer one 413 from its Content-Length before Next.js reads it.
    serverActions: { bodySizeLimit: "1mb" },
    turbopackChunking: { firstPageLoadPriority: 1, requestCost: 2_000_000, minChunkSize: 500_000, maxChunkCountPerGroup: 4 },
    optimizePackageImports: ["@mantine/core", "@mantine/hooks", "@mantine/dates", "@mantine/notifications", "@mantine/modals"],
  },
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      { source: "/:path*", has: [{ type: "header", key: "x-forwarded-proto", value: "https" }], headers: [hsts] },
    ];
  },
};

export default withNextIntl(config);
