/**
 * The message formatter of the server's bundles (next.config.ts points `use-intl/format-message`
 * here; the browser gets use-intl's format-only formatter). Server components format the
 * catalogue as written, with the ICU parser; client components rendered on the server read the
 * messages their provider holds, which are compiled ahead (src/i18n/browser-messages.ts) and need
 * no parser. The two formatters are imported by file: the package name is the alias that leads here.
 */
// @ts-expect-error -- a file of use-intl without its own declarations; typed below.
import parse from "../../node_modules/use-intl/dist/esm/production/format-message/index.js";
// @ts-expect-error -- as above.
import formatOnly from "../../node_modules/use-intl/dist/esm/production/format-message/format-only.js";

type Format = (key: string, message: unknown, values: unknown, options: unknown) => unknown;

export default function formatMessage(key: string, message: unknown, values: unknown, options: unknown): unknown {
  return typeof message === "string" ? (parse as Format)(key, message, values, options) : (formatOnly as Format)(key, message, values, options);
}
