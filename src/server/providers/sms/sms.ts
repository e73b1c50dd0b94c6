import "server-only";
import { getDb } from "@/server/db/client";
import { smsMessages } from "@/server/db/schema";

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
 * The sandbox adapter: keeps the message in the database (the development SMS inbox) instead of
 * handing it to an operator; a key already kept sends nothing.
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

export function smsPort(): SmsPort {
  return sandboxSms;
}
