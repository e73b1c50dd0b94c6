import "server-only";
import { getTheme } from "@/themes/registry";
import { serverTranslator } from "@/i18n/server-translator";
import type { SettingsSite } from "./actor";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "";
  }
}

export interface VerificationMailInput {
  site: Pick<SettingsSite, "companyName" | "themeId">;
  /** The customer's language for letters and e-mails (one of the site's). */
  locale: string;
  /** Whom the mail greets: a private customer's first name, a company's contact person or name. */
  name: string;
  to: string;
  code: string;
  link: string;
  minutes: number;
}

/**
 * The mail that confirms a new e-mail address: a 6-digit code to type on the contacts tab and a
 * one-click link, in the customer's language, the theme's colours and the site's name.
 */
export function verificationMail(input: VerificationMailInput) {
  const t = serverTranslator(input.locale, "settings");
  const theme = getTheme(input.site.themeId);
  const company = input.site.companyName;
  const subject = t("mail.verify-email.subject", { company });
  const greeting = t("mail.verify-email.greeting", { name: input.name });
  const body = t("mail.verify-email.body", { company });
  const codeLine = t("mail.verify-email.code", { code: input.code });
  const linkLine = t("mail.verify-email.link");
  const expiry = t("mail.verify-email.expiry", { minutes: input.minutes });
  const ignore = t("mail.verify-email.ignore");
  const text = [greeting, "", body, "", codeLine, "", linkLine, input.link, "", expiry, ignore, "", company].join("\n");
  const logo = `${originOf(input.link)}${theme.emailLogo}`;
  const html = `<!doctype html><html lang="${escapeHtml(input.locale)}"><body style="font-family:${escapeHtml(theme.fontFamily)};background:#f6f7f9;padding:24px">
<table role="presentation" style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
<tr><td style="padding-bottom:8px"><img src="${escapeHtml(logo)}" alt="" width="40" height="40" style="vertical-align:middle"> <strong style="vertical-align:middle;font-size:20px;color:${theme.primary[9]}">${escapeHtml(company)}</strong></td></tr>
<tr><td><p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>
<p style="font-size:28px;letter-spacing:6px;font-weight:bold;color:#222">${escapeHtml(input.code)}</p>
<p>${escapeHtml(linkLine)}</p>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:12px 20px;background:${theme.primary[theme.primaryShade.light]};color:#ffffff;text-decoration:none;border-radius:${theme.buttonRadius}px">${escapeHtml(t("mail.verify-email.button"))}</a></p>
<p style="color:#555">${escapeHtml(expiry)} ${escapeHtml(ignore)}</p><p style="font-size:12px;color:#777">${escapeHtml(input.to)}</p></td></tr></table></body></html>`;
  return { subject, text, html };
}
