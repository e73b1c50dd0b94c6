import { createTranslator } from "use-intl/core";
import { loadLocaleMessages } from "./messages";

/** A translator for server code outside React (mails, PDFs, API texts). Formatting failures fall back to the key. */
export function serverTranslator(locale: string, namespace: string) {
  const messages = loadLocaleMessages(locale);
  const t = createTranslator({
    locale,
    messages,
    namespace: namespace as never,
    onError: () => {},
    getMessageFallback: ({ key, namespace: ns }) => (ns ? `${ns}.${key}` : key),
  });
  return (key: string, values?: Record<string, string | number | Date>) => (t as unknown as (k: string, v?: unknown) => string)(key, values);
}
