import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

/**
 * Every environment variable the portal reads, checked once at start-up.
 * The README has the same list as a table.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PGLITE_DIR: z.string().default("./data/pglite"),
  /** The embedded database's buffer cache (PostgreSQL's shared_buffers: a number with kB, MB or GB). */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9]\d{0,6}(kB|MB|GB)$/)
    .default("32MB"),
  AUTH_SECRET: z.string().min(32).optional(),
  SSN_ENCRYPTION_KEY: z.string().min(32).optional(),
  DEMO_MODE: bool,
  ALLOW_SANDBOX_PROVIDERS: bool,
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Portal <no-reply@portal.localhost>"),
  /** The SMS gateway's send endpoint (JSON over HTTPS, src/server/providers/sms/sms.ts); unset keeps text messages in the development SMS inbox. */
  SMS_API_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SMS_API_KEY: z.string().optional(),
  /** The sender name or number the gateway shows (alphanumeric, up to 11 characters, or E.164). */
  SMS_SENDER: z.string().max(16).default("Portal"),
  /** The document-signing gateway's API (src/server/providers/signing/http.ts) and its access token; unset uses the sandbox where sandbox providers are allowed. */
  SIGNING_GATEWAY_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SIGNING_GATEWAY_TOKEN: z.string().optional(),
  /** How long the sandbox bank takes to settle a payment left pending (the browser tests give themselves longer to look at the waiting page). */
  SANDBOX_PAYMENT_SETTLE_SECONDS: z.coerce.number().int().min(1).max(3600).default(20),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  /** How long a looked-up session may be served from memory (0: never); sign-outs reach every process at once regardless. */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  /** How long the API may serve a customer's profile and invoice rows from memory (0: never); every change reaches every process at once regardless. */
  CUSTOMER_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Calls one personal API token may make per minute (the benchmark raises it to measure the whole path, not the 429s). */
  API_TOKEN_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(1_000_000).default(120),
  /** How long a site looked up by host may be served from memory; admin changes reach every process at once regardless. */
  SITE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Sign-in attempts per client address and window (src/server/auth/sign-in-limits.ts): loose, for households and offices behind one router. */
  SIGNIN_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  SIGNIN_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  DEFAULT_SITE_HOST: z.string().default("localhost"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /**
   * Map stack traces of the production server to the sources. Off by default: Node then holds every
   * loaded chunk's source map in memory, about a fifth of the server's live heap (docs/performance.md).
   */
  SOURCE_MAPS: bool,
  /** How long a shared document (the dashboard's frame, the same for every visitor of a site) is served from memory (0: render every time); site changes reach every process at once regardless. */
  DOCUMENT_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Page renders one process runs at a time; more wait their turn (src/server/web/render-gate.ts). */
  PAGE_RENDERS: z.coerce.number().int().min(1).max(256).default(2),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const value = parsed.data;
  if (value.NODE_ENV === "production" && !value.DEMO_MODE && !value.AUTH_SECRET) {
    throw new Error("AUTH_SECRET (at least 32 characters) is required in production.");
  }
  cached = value;
  return value;
}

/** Secrets fall back to fixed development values only outside production or in demo mode. */
export function authSecret(): string {
  const e = env();
  return e.AUTH_SECRET ?? "development-only-secret-change-me-0123456789abcdef";
}

export function ssnKey(): string {
  const e = env();
  return e.SSN_ENCRYPTION_KEY ?? `${authSecret()}:ssn`;
}

/** Sandbox identity and payment providers run in development, tests and demo mode, never silently in production. */
export function sandboxProvidersAllowed(): boolean {
  const e = env();
  return e.NODE_ENV !== "production" || e.DEMO_MODE || e.ALLOW_SANDBOX_PROVIDERS;
}

export function devToolsEnabled(): boolean {
  const e = env();
  return e.NODE_ENV !== "production" || e.DEMO_MODE;
}
