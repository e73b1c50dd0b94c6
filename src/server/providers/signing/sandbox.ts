import "server-only";
import crypto from "node:crypto";
import { and, eq, lte } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { sandboxSigningSessions } from "@/server/db/schema";
import { AppError, notFound } from "@/server/errors";
import { getSiteById } from "@/server/sites/sites";
import { localePath } from "@/lib/locales";
import type { SigningProvider, SigningStatus, StartSigningInput } from "./types";
import { SigningError } from "./types";

/**
 * The sandbox signing provider: a document gateway that lives on the same server. It keeps the
 * uploaded document and the signer's decision in its own table, shows its own page
 * (/sandbox/signing/{token}) with a control code to compare, where the customer signs or
 * declines; a signing left alone expires at its deadline. Every process reads the same rows.
 */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export const isSandboxSigningToken = (token: string) => TOKEN_FORMAT.test(token);

function controlCode(token: string): string {
  return String(crypto.createHash("sha256").update(token).digest().readUInt32BE(0) % 10_000).padStart(4, "0");
}

export function sandboxSigningProvider(): SigningProvider {
  return {
    name: "sandbox",
    async start(input: StartSigningInput) {
      const site = await getSiteById(input.siteId);
      if (!site) throw new SigningError("unknown site", false);
      if (input.pdf.subarray(0, 5).toString("latin1") !== "%PDF-") throw new SigningError("not a PDF", false);
      const db = await getDb();
      const token = crypto.randomBytes(32).toString("base64url");
      const [row] = await db
        .insert(sandboxSigningSessions)
        .values({
          token,
          siteId: input.siteId,
          reference: input.reference,
          filename: input.filename,
          pdf: input.pdf,
          signerName: input.signer.name,
          controlCode: controlCode(token),
          returnUrl: input.returnUrl,
          expiresAt: input.expiresAt,
        })
        // The reference is the idempotency key: a repeated upload is the same signing.
        .onConflictDoNothing()
        .returning({ token: sandboxSigningSessions.token });
      const stored =
        row ??
        (
          await db
            .select({ token: sandboxSigningSessions.token })
            .from(sandboxSigningSessions)
            .where(and(eq(sandboxSigningSessions.siteId, input.siteId), eq(sandboxSigningSessions.reference, input.reference)))
        )[0];
      return { token: stored.token, signingUrl: localePath(site, input.language, `/sandbox/signing/${stored.token}`) };
    },
    async status(token: string): Promise<SigningStatus> {
      const session = await findSession(token);
      if (!session) throw new SigningError("unknown signing", false);
      return { state: session.state, signedAt: session.state === "signed" ? (session.decidedAt?.toISOString() ?? null) : null };
    },
    async download(token: string) {
      const session = await findSession(token);
      if (!session || session.state !== "signed" || !session.pdf) throw new SigningError("not signed", false);
      return session.pdf;
    },
  };
}

async function findSession(token: string, siteId?: string) {
  if (!TOKEN_FORMAT.test(token)) return null;
  const db = await getDb();
  const where = [eq(sandboxSigningSessions.token, token)];
  if (siteId) where.push(eq(sandboxSigningSessions.siteId, siteId));
  const [row] = await db
    .select()
    .from(sandboxSigningSessions)
    .where(and(...where));
  if (!row) return null;
  // Past its deadline an undecided signing is expired, whether or not the sweep has run.
  if (row.state === "pending" && row.expiresAt.getTime() <= Date.now()) return { ...row, state: "expired" as const };
  return row;
}

export interface SandboxSigningView {
  token: string;
  filename: string;
  signerName: string;
  controlCode: string;
  state: "pending" | "signed" | "declined" | "expired";
  expiresAt: Date;
  returnUrl: string;
}

/** The sandbox provider's page: the signing of this site, or null. */
export async function getSandboxSigning(token: string, siteId: string): Promise<SandboxSigningView | null> {
  const s = await findSession(token, siteId);
  return s ? { token: s.token, filename: s.filename, signerName: s.signerName, controlCode: s.controlCode, state: s.state, expiresAt: s.expiresAt, returnUrl: s.returnUrl } : null;
}

/** The signer's decision on the sandbox page; answers where the browser goes back to. Decided or expired signings are a conflict. */
export async function decideSandboxSigning(token: string, decision: "sign" | "decline", siteId: string, now = new Date()): Promise<{ returnUrl: string }> {
  const session = await findSession(token, siteId);
  if (!session) throw notFound();
  if (session.state === "expired") throw new AppError("conflict", "contract-signing.sandbox.expired");
  if (session.state !== "pending") throw new AppError("conflict", "contract-signing.sandbox.decided");
  const db = await getDb();
  const updated = await db
    .update(sandboxSigningSessions)
    .set({ state: decision === "sign" ? "signed" : "declined", decidedAt: now })
    .where(and(eq(sandboxSigningSessions.token, token), eq(sandboxSigningSessions.siteId, siteId), eq(sandboxSigningSessions.state, "pending")))
    .returning({ token: sandboxSigningSessions.token });
  if (!updated.length) throw new AppError("conflict", "contract-signing.sandbox.decided");
  return { returnUrl: session.returnUrl };
}

/** Undecided sandbox signings past their deadline become expired and give up their document. */
export async function expireSandboxSignings(now = new Date()): Promise<number> {
  const db = await getDb();
  const rows = await db
    .update(sandboxSigningSessions)
    .set({ state: "expired", pdf: null })
    .where(and(eq(sandboxSigningSessions.state, "pending"), lte(sandboxSigningSessions.expiresAt, now)))
    .returning({ token: sandboxSigningSessions.token });
  return rows.length;
}
