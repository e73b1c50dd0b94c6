"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { ApiError } from "@/ui/api";

/**
 * The field errors of a refused request (422), by the field's top-level name ("attachmentIds.0"
 * counts as "attachmentIds"), translated; null when the error is not about fields.
 */
export function useFieldErrors() {
  const t = useTranslations();
  return useCallback(
    (err: unknown): Record<string, string> | null => {
      if (!(err instanceof ApiError) || err.status !== 422) return null;
      const fields = err.body?.error.details?.fields ?? [];
      if (!fields.length) return null;
      const out: Record<string, string> = {};
      for (const f of fields) {
        const name = f.path.split(".")[0] || "_";
        if (out[name]) continue;
        out[name] = t.has(f.message as never) ? t(f.message as never) : t("validation.custom" as never);
      }
      return out;
    },
    [t],
  );
}
