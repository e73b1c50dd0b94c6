import "server-only";
/**
 * better-auth finds people by e-mail, and one e-mail table serves every site. Each person's
 * better-auth e-mail is therefore a site-scoped identity key (docs/decisions/0002):
 * e-mail sign-in: `e.<hex of the address>@<site>.portal.invalid`; e-identification: `s.<ssn hash>@<site>.portal.invalid`.
 */
const DOMAIN = "portal.invalid";

export function emailIdentityKey(siteId: string, address: string): string {
  return `e.${Buffer.from(address.trim().toLowerCase(), "utf8").toString("hex")}@${siteId}.${DOMAIN}`;
}

export function ssnIdentityKey(siteId: string, ssnHash: string): string {
  return `s.${ssnHash.slice(0, 48)}@${siteId}.${DOMAIN}`;
}

export function parseIdentityKey(key: string): { siteId: string; kind: "email" | "ssn"; value: string } | null {
  const m = /^([es])\.([0-9a-f]+)@([a-z0-9-]+)\.portal\.invalid$/.exec(key.toLowerCase());
  if (!m) return null;
  const [, kind, value, siteId] = m;
  if (kind === "e") return { siteId, kind: "email", value: Buffer.from(value, "hex").toString("utf8") };
  return { siteId, kind: "ssn", value };
}
