import "server-only";
import sanitizeHtml from "sanitize-html";

/**
 * What an announcement may contain: text formatting, lists and links. No images, frames,
 * forms, styles or event handlers: nothing that runs code or loads anything from another host.
 * Every link opens in a new tab without opener or referrer (spec §7).
 */
const SAFE_SCHEMES = new Set(["https:", "http:", "mailto:", "tel:"]);

/** An absolute http(s)/mailto/tel URL or a path on this site; anything else (javascript:, data:, //host) is refused. */
export function safeHref(raw: string | undefined): string | null {
  if (!raw) return null;
  // Browsers ignore control characters and whitespace inside a scheme ("jav\tascript:").
  const compact = raw.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  if (!compact) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (scheme) return SAFE_SCHEMES.has(`${scheme[1].toLowerCase()}:`) ? raw.trim() : null;
  if (compact.startsWith("//") || compact.startsWith("\\") || compact.startsWith("/\\")) return null;
  return compact.startsWith("/") ? raw.trim() : null;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "u", "s", "a", "ul", "ol", "li", "blockquote", "code", "span"],
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: ["https", "http", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "template", "iframe", "object", "embed", "svg", "math", "xmp", "noembed", "noframes", "plaintext"],
  parseStyleAttributes: false,
  transformTags: {
    // A link to an unsafe destination keeps its text but stops being a link. (It becomes an allowed
    // span: sanitize-html mismatches later closing tags when a renamed tag is then discarded.)
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const href = safeHref(attribs.href);
      return href ? { tagName: "a", attribs: { href, target: "_blank", rel: "noopener noreferrer" } } : { tagName: "span", attribs: {} as sanitizeHtml.Attributes };
    },
    b: "strong",
    i: "em",
  },
  // A link without text helps nobody (and is an accessibility fault).
  exclusiveFilter: (frame) => frame.tag === "a" && !frame.text.trim(),
};

export function sanitizeAnnouncementHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** What sanitize-html escapes in text; undone in one pass, so "&amp;lt;" becomes "&lt;", not "<". */
const ESCAPED = /&(amp|lt|gt|quot|#39);/g;
const UNESCAPED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };

/**
 * Plain text (titles): every tag removed, entities decoded, so "R&amp;D" and "R&D" both read
 * "R&D". The result is text, not HTML: React escapes it once where it is shown (sanitize-html's
 * own escaping is undone, or a customer would read "&amp;").
 */
export function plainText(value: string): string {
  return sanitizeHtml(value, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags })
    .replace(ESCAPED, (_, name: string) => UNESCAPED[name])
    .trim();
}
