"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { ApiError, showApiError } from "./api";

/** The one global handler for failed API calls (spec §8). */
export function useApiErrorHandler() {
  const t = useTranslations();
  return useCallback(
    (error: unknown) => {
      const apiError = error instanceof ApiError ? error : new ApiError(0, null, "FETCH_ERROR");
      showApiError(
        apiError,
        (key, values) => t(key as never, values as never),
        (key) => t.has(key as never),
      );
    },
    [t],
  );
}
