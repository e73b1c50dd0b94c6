import "server-only";
import crypto from "node:crypto";
import nodemailer, { type Transporter } from "nodemailer";
import { beforeCloseDb, getDb } from "@/server/db/client";
import { outboundMail } from "@/server/db/schema";
import { handleJob, sendJob } from "@/server/jobs/runtime";
import type { MailPayload } from "@/server/jobs/registry";
import { env } from "@/lib/env";
import { getSiteById } from "@/server/sites/sites";

export type MailMessage = MailPayload;

const TRANSPORT = Symbol.for("portal.mail.transport");
const g = globalThis as typeof globalThis & { [TRANSPORT]?: { url: string; transport: Transporter } };

/**
 * The process's SMTP transport: pooled, so messages one after another share a connection instead
 * of each opening its own (a connection costs more than the message; the fan-out bench measured
 * 9 messages a second one connection each, hundreds over one). The URL's own `pool=false` or
 * `maxConnections` wins. The pool is closed before the database, after the job queue has stopped.
 */
function smtpTransport(url: string): Transporter {
  if (g[TRANSPORT]?.url !== url) {
    g[TRANSPORT]?.transport.close();
    const pooled = new URL(url);
    if (!pooled.searchParams.has("pool")) pooled.searchParams.set("pool", "true");
    const transport = nodemailer.createTransport(pooled.toString());
    g[TRANSPORT] = { url, transport };
    const remove = beforeCloseDb(async () => {
      remove();
      transport.close();
      if (g[TRANSPORT]?.transport === transport) g[TRANSPORT] = undefined;
    });
  }
  return g[TRANSPORT].transport;
}

/**
 * Queues a message (the `mail-send` job): a worker delivers it, retrying with backoff while the
 * mail server refuses, and a message that never goes out stays visible to the site's staff as a
 * failed job. The same message queued twice is sent once: its idempotency key defaults to a hash
 * of the message. A worker in this process is woken at once, so sign-in links arrive promptly.
 */
export async function sendMail(message: MailMessage, opts: { idempotencyKey?: string } = {}): Promise<{ jobId: string; queued: boolean }> {
  const key =
    opts.idempotencyKey ??
    crypto
      .createHash("sha256")
      .update(JSON.stringify([message.siteId, message.to, message.from ?? null, message.subject, message.text, message.html ?? null]))
      .digest("hex");
  const sent = await sendJob("mail-send", message, { idempotencyKey: `mail:${key}` });
  return { jobId: sent.id, queued: sent.queued };
}

/**
 * The sender a person sees: the site's company name before the configured address (MAIL_FROM's
 * own display name is the portal's, not the supplier's). Quotes and angle brackets in the name are
 * dropped, so a name cannot make up another address.
 */
export function senderFor(companyName: string | null | undefined, mailFrom: string): string {
  const address = /<([^<>]+)>\s*$/.exec(mailFrom)?.[1]?.trim() ?? mailFrom.trim();
  const name = (companyName ?? "").replace(/["<>\\\r\n]/g, "").trim();
  return name ? `"${name}" <${address}>` : mailFrom;
}

/**
 * Delivers a queued message (the worker's side of sendMail): over SMTP when SMTP_URL is set;
 * otherwise to the development mailbox (/dev/mailbox) and the log. Every message sent is
 * recorded for delivery diagnostics. A worker that dies between sending and finishing the job
 * sends the message again on the retry: delivery is at least once.
 */
export async function deliverMail(message: MailMessage): Promise<{ transport: "smtp" | "mailbox" }> {
  const url = process.env.SMTP_URL || env().SMTP_URL;
  const from = message.from ?? senderFor((await getSiteById(message.siteId))?.companyName, env().MAIL_FROM);
  const transport = url ? "smtp" : "mailbox";
  if (url) {
    await smtpTransport(url).sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
  } else {
    console.info(`[mail] to=${message.to} subject=${JSON.stringify(message.subject)}\n${message.text}`);
  }
  const db = await getDb();
  await db.insert(outboundMail).values({
    siteId: message.siteId,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    transport,
  });
  return { transport };
}

handleJob("mail-send", deliverMail);
