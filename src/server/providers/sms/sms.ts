import "server-only";
import { getDb } from "@/server/db/client";
import { smsMessages } from "@/server/db/schema";
import { env, sandboxProvidersAllowed } from "@/lib/env";

export interface SmsMessage {
  siteId: string;
  /** E.164. */
  to: string;
  text: string;
  /** The same key sends once: a delivery repeated after a crash is recognised. */
  idempotencyKey: string;
}

/** The SMS port: hands a text message to the operator. */
export interface SmsPort {
  send(message: SmsMessage): Promise<{ sent: boolean }>;
}

/**
 * The sandbox adapter: keeps the message in the database (the development SMS inbox, /dev/sms)
 * instead of handing it to an operator; a key already kept sends nothing.
 */
export const sandboxSms: SmsPort = {
  async send(message) {
    const db = await getDb();
    const rows = await db
      .insert(smsMessages)
      .values({ siteId: message.siteId, to: message.to, text: message.text, idempotencyKey: message.idempotencyKey })
      .onConflictDoNothing()
      .returning({ id: smsMessages.id });
    if (rows.length) console.info(`[sms] to=${message.to} ${JSON.stringify(message.text)}`);
    return { sent: rows.length > 0 };
  },
};

/** A gateway answer that will not change on a retry (a bad number, a refused sender). */
export class SmsRejected extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(`SMS gateway rejected the message (${status}): ${detail}`);
  }
}

export interface HttpSmsConfig {
  /** The gateway's send endpoint: https, or http on a loopback address (tests, a local relay). */
  url: string;
  apiKey: string;
  sender: string;
  timeoutMs?: number;
}

function loopback(host: string): boolean {
  return host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * The HTTP adapter: a generic JSON-over-HTTPS SMS gateway. One POST per message:
 *
 *     POST {url}
 *     Authorization: Bearer {apiKey}
 *     Idempotency-Key: {key}
 *     { "from": sender, "to": "+3725...", "text": "...", "reference": key }
 *
 * A 2xx answer means accepted. The key goes along as `Idempotency-Key` and `reference`, so a
 * delivery repeated after a crash between handing over and marking is recognised by the gateway
 * (a 409 answer means it already has the message). 408, 429 and 5xx are passing troubles: the
 * delivery job retries with back-off. Any other 4xx is a rejection (SmsRejected); the job's last
 * attempt marks the outbox row failed.
 */
export function httpSms(config: HttpSmsConfig): SmsPort {
  const target = new URL(config.url);
  if (target.protocol !== "https:" && !(target.protocol === "http:" && loopback(target.hostname))) {
    throw new Error("SMS_API_URL must be an https address");
  }
  return {
    async send(message) {
      const res = await fetch(target, {
        method: "POST",
        headers: {
          authorization: `Bearer ${config.apiKey}`,
          "content-type": "application/json",
          accept: "application/json",
          "idempotency-key": message.idempotencyKey,
        },
        body: JSON.stringify({ from: config.sender, to: message.to, text: message.text, reference: message.idempotencyKey }),
        signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
        redirect: "error",
      });
      const detail = (await res.text().catch(() => "")).slice(0, 200);
      if (res.ok) return { sent: true };
      if (res.status === 409) return { sent: false };
      if (res.status === 408 || res.status === 429 || res.status >= 500) throw new Error(`SMS gateway answered ${res.status}: ${detail}`);
      throw new SmsRejected(res.status, detail);
    },
  };
}

/**
 * The configured port: the HTTP gateway when SMS_API_URL is set; otherwise the sandbox, which
 * runs only where sandbox providers may (development, tests, demo), never silently in production.
 */
export function smsPort(): SmsPort {
  const e = env();
  const url = process.env.SMS_API_URL || e.SMS_API_URL;
  if (url) return httpSms({ url, apiKey: process.env.SMS_API_KEY || e.SMS_API_KEY || "", sender: process.env.SMS_SENDER || e.SMS_SENDER });
  if (!sandboxProvidersAllowed()) throw new Error("No SMS gateway configured (SMS_API_URL)");
  return sandboxSms;
}
