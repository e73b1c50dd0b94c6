import "server-only";
import crypto from "node:crypto";
import { ssnKey } from "@/lib/env";
import { normalizeSsn } from "@/lib/identity-codes";

/**
 * National identity codes never reach the database in clear text: a keyed hash finds a person,
 * and AES-256-GCM ciphertext lets the portal show a person their own code.
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

export function encryptSsn(ssn: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keys().enc, iv);
  const body = Buffer.concat([cipher.update(ssn.trim(), "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
}

export function decryptSsn(value: string | null | undefined): string | null {
  if (!value) return null;
  const [version, iv, tag, body] = value.split(".");
  if (version !== "v1" || !iv || !tag || !body) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", keys().enc, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
