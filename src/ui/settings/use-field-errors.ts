"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { ApiError } from "@/ui/api";
import { useApiErrorHandler } from "@/ui/use-api-error";

/**
 * A 422 answer's field errors in the person's language, keyed by the field's path ("firstName",
 * "contacts.2.value"); any other failure goes to the global API error handler (spec §8). The
 * messages are translation keys (settings.errors.*, validation.*, errors.*); one without a
 * translation reads as "This value is not valid".
 */
export function useFieldErrors() {
  const t = useTranslations();
  const onError = useApiErrorHandler();
  return useCallback(
    (err: unknown): Record<string, string> | null => {
      if (err instanceof ApiError && err.status === 422) {
        const fields = err.fieldErrors();
        if (Object.keys(fields).length) {
          return Object.fromEntries(Object.entries(fields).map(([path, key]) => [path, t.has(key as never) ? t(key as never) : t("validation.custom" as never)]));
        }
      }
      onError(err);
      return null;
    },
    [t, onError],
  );
}

/** The errors of `fields` among a 422 answer's (paths starting with one of them); the rest, joined, under `rest`. */
export function pickFieldErrors(errors: Record<string, string>, fields: readonly string[]): { own: Record<string, string>; rest: string[] } {
  const own: Record<string, string> = {};
  const rest: string[] = [];
  for (const [path, message] of Object.entries(errors)) {
    const field = fields.find((f) => path === f || path.startsWith(`${f}.`));
    if (field) own[field] = own[field] ?? message;
    else rest.push(message);
  }
  return { own, rest };
}
