/**
 * Encryption of saved form drafts (spec §3, §4, §9): AES-CBC with a random 16-byte IV, the key
 * derived with HKDF-SHA-256 from the session's opaque draft token (a high-entropy server HMAC),
 * so a draft can be read back only within the session that wrote it. Web Crypto only: runs in
 * browsers and in Node.
 */
export interface SavedDraft {
  timestamp: number;
  version: string;
  /** Encrypted values keyed by a hash of token, ssn and customer code. */
  values: Record<string, string>;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function subtle(): SubtleCrypto {
  return globalThis.crypto.subtle;
}

function toBase64(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

function fromBase64(value: string): Uint8Array<ArrayBuffer> {
  const s = atob(value);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/** The AES-CBC key of one form's drafts in one session. */
export async function deriveDraftKey(token: string, formKey: string): Promise<CryptoKey> {
  const material = await subtle().importKey("raw", encoder.encode(token), "HKDF", false, ["deriveKey"]);
  return subtle().deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: encoder.encode(`portal-form-draft:${formKey}`), info: encoder.encode("aes-cbc-256") },
    material,
    { name: "AES-CBC", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** Where in a saved draft this person's values live: a hash of token, ssn and customer code. */
export async function draftSlot(token: string, ssn: string | null, code: string | null): Promise<string> {
  const digest = await subtle().digest("SHA-256", encoder.encode(`${token}\u0000${ssn ?? ""}\u0000${code ?? ""}`));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** "iv.ciphertext", both base64; a fresh random IV every time. */
export async function encryptDraft(key: CryptoKey, values: unknown): Promise<string> {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(16));
  const data = await subtle().encrypt({ name: "AES-CBC", iv }, key, encoder.encode(JSON.stringify(values)));
  return `${toBase64(iv)}.${toBase64(new Uint8Array(data))}`;
}

/** The values, or null when the payload is damaged or was written with another key (spec §8). */
export async function decryptDraft<T = unknown>(key: CryptoKey, payload: string): Promise<T | null> {
  try {
    const [ivText, dataText] = payload.split(".");
    if (!ivText || !dataText) return null;
    const iv = fromBase64(ivText);
    if (iv.length !== 16) return null;
    const plain = await subtle().decrypt({ name: "AES-CBC", iv }, key, fromBase64(dataText));
    return JSON.parse(decoder.decode(plain)) as T;
  } catch {
    return null;
  }
}

export function parseSavedDraft(raw: string | null): SavedDraft | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as SavedDraft;
    if (typeof value?.timestamp !== "number" || typeof value.version !== "string" || typeof value.values !== "object" || value.values === null) return null;
    return value;
  } catch {
    return null;
  }
}

export const draftStorageKey = (formKey: string) => `portal:form-draft:${formKey}`;
