import "server-only";
import crypto from "node:crypto";
import { ssnKey } from "@/lib/env";
import { normalizeSsn } from "@/lib/identity-codes";

/**
 * National identity codes never reach the database in clear text: a keyed hash finds a person,
 * and AES-256-GCM ciphertext lets the portal show a person their own code. Other secrets kept at
 * rest are sealed the same way (encryptSecret).
 */
function keys() {
  const base = ssnKey();
  return {
    mac: crypto.createHash("sha256").update(`mac:${base}`).digest(),
    enc: crypto.createHash("sha256").update(`enc:${base}`).digest(),
  };
}

export function hashSsn(ssn: string): string {
  return crypto.createHmac("sha256", keys().mac).update(normalizeSsn(ssn)).digest("hex");
}

/** AES-256-GCM: "v1.<iv>.<tag>.<ciphertext>", base64url parts. */
function seal(key: Buffer, text: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

function unseal(key: Buffer, value: string | null | undefined): string | null {
  if (!value) return null;
  const [version, iv, tag, body] = value.split(".");
  if (version !== "v1" || !iv || !tag || !body) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

export function encryptSsn(ssn: string): string {
  return seal(keys().enc, ssn.trim());
}

export function decryptSsn(value: string | null | undefined): string | null {
  return unseal(keys().enc, value);
}

/**
 * Other secrets kept at rest (a VAPID private key), sealed the same way with a key of their own
 * purpose derived from the same configured secret (SSN_ENCRYPTION_KEY).
 */
function purposeKey(purpose: string): Buffer {
  return crypto.createHash("sha256").update(`enc:${purpose}:${ssnKey()}`).digest();
}

export function encryptSecret(purpose: string, value: string): string {
  return seal(purposeKey(purpose), value);
}

/** The secret, or null when the value is not sealed or was sealed with another key. */
export function decryptSecret(purpose: string, value: string | null | undefined): string | null {
  return unseal(purposeKey(purpose), value);
}

/** Whether a stored value is sealed (as opposed to an old clear-text value). */
export function isSealed(value: string): boolean {
  return /^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(value);
}
