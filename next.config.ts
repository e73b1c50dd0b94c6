import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./src/i18n/request.ts");

const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

const config: NextConfig = {
  // A separate build folder lets several test runs build side by side (NEXT_DIST_DIR=.next-e2e).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  // `npm test` type-checks the whole project (tsc --noEmit); the build need not do it again.
  typescript: { ignoreBuildErrors: true },
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "pdfkit", "nodemailer", "sanitize-html"],
  experimental: {
    optimizePackageImports: ["@mantine/core", "@mantine/hooks", "@mantine/charts", "@mantine/dates", "@mantine/notifications", "@mantine/modals"],
  },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default withNextIntl(config);
