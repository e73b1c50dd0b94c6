import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { getDb } from "@/server/db/client";
import { outboundMail } from "@/server/db/schema";
import { env } from "@/lib/env";

export interface MailMessage {
  siteId: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  from?: string;
}

const TRANSPORT = Symbol.for("portal.mail.transport");
const g = globalThis as typeof globalThis & { [TRANSPORT]?: { url: string; transport: Transporter } };

function smtpTransport(url: string): Transporter {
  if (g[TRANSPORT]?.url !== url) {
    g[TRANSPORT] = { url, transport: nodemailer.createTransport(url) };
  }
  return g[TRANSPORT].transport;
}

/**
 * Sends over SMTP when SMTP_URL is set; otherwise the message goes only to the development
 * mailbox (/dev/mailbox) and the log. Every message is recorded for delivery diagnostics.
 */
export async function sendMail(message: MailMessage): Promise<{ transport: "smtp" | "mailbox" }> {
  const url = process.env.SMTP_URL || env().SMTP_URL;
  const from = message.from ?? env().MAIL_FROM;
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
