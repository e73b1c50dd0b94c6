import "server-only";
import webpush from "web-push";

/** A browser's push subscription (PushSubscription.toJSON()). */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface VapidKeys {
  /** A contact for the push service: a mailto: or https: URL (RFC 8292). */
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface PushMessage {
  target: PushTarget;
  /** Encrypted for the subscription (RFC 8291, aes128gcm) before it leaves. */
  payload: string;
  vapid: VapidKeys;
  /** How long the push service keeps an undelivered message. */
  ttlSeconds: number;
  /** A pending message with the same topic is replaced by the push service (RFC 8030 §5.4): a resend does not show twice. */
  topic?: string;
  urgency?: "very-low" | "low" | "normal" | "high";
}

export type PushResult = { ok: true; status: number } | { ok: false; status: number; gone: boolean };

/** The push port: hands an encrypted message to the subscription's push service. */
export interface PushPort {
  send(message: PushMessage): Promise<PushResult>;
}

/**
 * Standard Web Push (RFC 8030 with VAPID, RFC 8292, and encrypted payloads, RFC 8291): the
 * `web-push` library encrypts the payload and signs the VAPID token; the request goes out with
 * fetch, so any push service endpoint works. 404 and 410 mean the subscription is gone.
 */
export const webPush: PushPort = {
  async send(message) {
    const details = webpush.generateRequestDetails(message.target, message.payload, {
      vapidDetails: message.vapid,
      TTL: message.ttlSeconds,
      contentEncoding: "aes128gcm",
      ...(message.topic ? { topic: message.topic } : {}),
      ...(message.urgency ? { urgency: message.urgency } : {}),
    });
    const res = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body ? new Uint8Array(details.body as Buffer) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    await res.arrayBuffer().catch(() => undefined);
    if (res.ok) return { ok: true, status: res.status };
    return { ok: false, status: res.status, gone: res.status === 404 || res.status === 410 };
  },
};

export function pushPort(): PushPort {
  return webPush;
}

/** A new VAPID key pair (P-256, URL-safe base64). */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}
