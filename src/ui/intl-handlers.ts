import type { IntlError } from "next-intl";
import { reportClientLog } from "./report-client-log";

/** How the browser reacts to a missing or broken message: reported, and shown as its key. */
export const intlHandlers = {
  onError(error: IntlError) {
    if (error.code === "MISSING_MESSAGE") void reportClientLog("warn", "missing translation", { message: error.message });
  },
  getMessageFallback({ namespace, key }: { namespace?: string; key: string }) {
    return namespace ? `${namespace}.${key}` : key;
  },
};
