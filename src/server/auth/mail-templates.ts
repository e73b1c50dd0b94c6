import "server-only";
import type { Site } from "@/server/sites/sites";
import { getTheme } from "@/themes/registry";
import { serverTranslator } from "@/i18n/server-translator";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
}

/** Where the mail's images come from: the site the link leads to (a mail client resolves no relative address). */
function assetOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "";
  }
}

/**
 * The sign-in link mail, in the site's default language, the theme's colours and the site's own
 * name: the theme's mark, with the site's company name beside it as text.
 */
export function magicLinkMail(site: Pick<Site, "companyName" | "defaultLocaleId" | "themeId">, to: string, url: string) {
  const t = serverTranslator(site.defaultLocaleId, "mail");
  const theme = getTheme(site.themeId);
  const logo = `${assetOrigin(url)}${theme.emailLogo}`;
  const subject = t("magic-link.subject", { company: site.companyName });
  const text = [t("magic-link.greeting"), "", t("magic-link.body", { company: site.companyName }), "", url, "", t("magic-link.expiry"), t("magic-link.ignore")].join("\n");
  const html = `<!doctype html><html><body style="font-family:${escapeHtml(theme.fontFamily)};background:#f6f7f9;padding:24px">
<table role="presentation" style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">
<tr><td style="padding-bottom:8px"><img src="${escapeHtml(logo)}" alt="" width="40" height="40" style="vertical-align:middle"> <strong style="vertical-align:middle;font-size:20px;color:${theme.primary[9]}">${escapeHtml(site.companyName)}</strong></td></tr>
<tr><td><p>${escapeHtml(t("magic-link.greeting"))}</p><p>${escapeHtml(t("magic-link.body", { company: site.companyName }))}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;background:${theme.primary[theme.primaryShade.light]};color:#ffffff;text-decoration:none;border-radius:${theme.buttonRadius}px">${escapeHtml(t("magic-link.button"))}</a></p>
<p style="color:#555">${escapeHtml(t("magic-link.expiry"))} ${escapeHtml(t("magic-link.ignore"))}</p><p style="font-size:12px;color:#777">${escapeHtml(to)}</p></td></tr></table></body></html>`;
  return { subject, text, html };
}
