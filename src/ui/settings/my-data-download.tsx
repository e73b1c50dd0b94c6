"use client";

import { Button } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ApiError, randomId, type ApiErrorBody } from "@/ui/api";
import { filenameFrom } from "@/ui/invoices/files";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useApiErrorHandler } from "@/ui/use-api-error";

/** Saves a file answer under the name from Content-Disposition (spec §7 downloads). */
async function download(path: string, fallbackName: string) {
  let res: Response;
  try {
    res = await fetch(path, { cache: "no-store", credentials: "same-origin", headers: { "x-request-id": randomId() } });
  } catch {
    throw new ApiError(0, null, "FETCH_ERROR");
  }
  if (!res.ok) {
    let body: ApiErrorBody | null = null;
    try {
      body = (await res.json()) as ApiErrorBody;
    } catch {
      body = null;
    }
    throw new ApiError(res.status, body);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = filenameFrom(res.headers.get("content-disposition"), fallbackName);
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads everything the portal holds about the customer acted for, as one JSON file (GDPR right of access). */
export function MyDataDownload() {
  const t = useTranslations("settings-pages.my-data");
  const onError = useApiErrorHandler();
  const interactive = useHydrated();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download("/api/me/export", "my-data.json");
      notifications.show({ id: "my-data", color: "green", message: t("done") });
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" onClick={run} loading={busy} data-testid="my-data-download" data-interactive={interactive || undefined}>
      {t("download")}
    </Button>
  );
}
