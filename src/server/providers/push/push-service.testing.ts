import "server-only";
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A push service on 127.0.0.1 for tests, doing what a browser's push service and the browser do
 * with a push: it checks the VAPID token (RFC 8292: an ES256 JWT for the endpoint's origin, signed
 * with the key in `k`) and decrypts the payload with the subscription's private key and auth
 * secret (RFC 8291, aes128gcm, RFC 8188). Each subscription is made here like a browser makes one.
 */

export interface Received {
  subscription: string;
  payload: string;
  ttl: string | null;
  topic: string | null;
  vapidKey: string;
  jwt: { aud: string; exp: number; sub: string };
}

export interface LocalSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const b64url = (b: Buffer) => b.toString("base64url");
const hmac = (key: Buffer, data: Buffer) => crypto.createHmac("sha256", key).update(data).digest();

function verifyVapid(header: string | undefined, origin: string): { key: string; jwt: Received["jwt"] } {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!m) throw new Error("no VAPID authorization");
  const [token, k] = [m[1], m[2]];
  const [h, p, sig] = token.split(".");
  const head = JSON.parse(Buffer.from(h, "base64url").toString());
  if (head.alg !== "ES256") throw new Error("not ES256");
  const point = Buffer.from(k, "base64url");
  if (point.length !== 65 || point[0] !== 4) throw new Error("bad VAPID key");
  const key = crypto.createPublicKey({ key: { kty: "EC", crv: "P-256", x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) }, format: "jwk" });
  const ok = crypto.verify("sha256", Buffer.from(`${h}.${p}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(sig, "base64url"));
  if (!ok) throw new Error("bad VAPID signature");
  const jwt = JSON.parse(Buffer.from(p, "base64url").toString()) as Received["jwt"];
  if (jwt.aud !== origin) throw new Error(`VAPID audience ${jwt.aud} is not ${origin}`);
  const now = Math.floor(Date.now() / 1000);
  if (!(jwt.exp > now && jwt.exp <= now + 24 * 3600)) throw new Error("VAPID token expired or too long");
  if (!/^(mailto:|https:)/.test(jwt.sub)) throw new Error("VAPID subject is not a mailto: or https: URL");
  return { key: k, jwt };
}

/** RFC 8291 + RFC 8188 (one record) decryption with the user agent's keys. */
function decrypt(body: Buffer, ua: crypto.ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const uaPublic = ua.getPublicKey();
  const ecdhSecret = ua.computeSecret(asPublic);
  const prkKey = hmac(auth, ecdhSecret);
  const ikm = hmac(prkKey, Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.concat([Buffer.from("Content-Encoding: aes128gcm\0"), Buffer.from([1])])).subarray(0, 16);
  const nonce = hmac(prk, Buffer.concat([Buffer.from("Content-Encoding: nonce\0"), Buffer.from([1])])).subarray(0, 12);
  const decipher = crypto.createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error("no final-record delimiter");
  return plain.subarray(0, end).toString("utf8");
}

export async function startPushService() {
  const subs = new Map<string, { ua: crypto.ECDH; auth: Buffer }>();
  const received: Received[] = [];
  const errors: string[] = [];
  /** Status answered per subscription id (410: gone). */
  const answer = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const id = (req.url ?? "").split("/").pop() ?? "";
      const sub = subs.get(id);
      try {
        if (req.method !== "POST" || !sub) throw Object.assign(new Error("unknown subscription"), { status: 404 });
        const forced = answer.get(id);
        if (forced) {
          res.writeHead(forced).end();
          return;
        }
        if (req.headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
        const { key, jwt } = verifyVapid(req.headers.authorization, origin);
        const payload = decrypt(Buffer.concat(chunks), sub.ua, sub.auth);
        received.push({ subscription: id, payload, ttl: (req.headers.ttl as string) ?? null, topic: (req.headers.topic as string) ?? null, vapidKey: key, jwt });
        res.writeHead(201).end();
      } catch (err) {
        errors.push((err as Error).message);
        res.writeHead((err as { status?: number }).status ?? 400).end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    errors,
    answer,
    /** A subscription as a browser makes one: its own P-256 key pair and auth secret. */
    subscribe(): LocalSubscription & { id: string } {
      const id = crypto.randomUUID();
      const ua = crypto.createECDH("prime256v1");
      ua.generateKeys();
      const auth = crypto.randomBytes(16);
      subs.set(id, { ua, auth });
      return { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(ua.getPublicKey()), auth: b64url(auth) } };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
