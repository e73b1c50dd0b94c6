"use client";

import { Button } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ApiError, type ApiErrorBody } from "@/ui/api";
import { useApiErrorHandler } from "@/ui/use-api-error";
import { DownloadIcon } from "@/ui/shared/line-icons";
import { newAttemptId } from "./payment-client";
import { filenameFrom } from "./files";

type Outcome = "saved" | "not-found";

/**
 * Downloads a file from the API (spec §7): not cached, 204 means not found, an error answer is
 * read as JSON, a success is saved under the name from Content-Disposition.
 */
async function download(path: string, fallbackName: string): Promise<Outcome> {
  let res: Response;
  try {
    res = await fetch(path, { cache: "no-store", credentials: "same-origin", headers: { "x-request-id": newAttemptId() } });
  } catch {
    throw new ApiError(0, null, "FETCH_ERROR");
  }
  if (res.status === 204) return "not-found";
  if (!res.ok) {
    let body: ApiErrorBody | null = null;
    try {
      body = (await res.json()) as ApiErrorBody;
    } catch {
      body = null;
    }
    throw new ApiError(res.status, body);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filenameFrom(res.headers.get("content-disposition"), fallbackName);
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return "saved";
}

export function InvoiceDownloads({ invoiceNumber, csv, locale }: { invoiceNumber: string; csv: boolean; locale: string }) {
  const t = useTranslations("invoice-pages.downloads");
  const onError = useApiErrorHandler();
  const [busy, setBusy] = useState<"pdf" | "csv" | null>(null);
  const base = `/api/invoices/${encodeURIComponent(invoiceNumber)}/download`;
  const query = `?locale=${encodeURIComponent(locale)}`;

  const run = async (kind: "pdf" | "csv") => {
    setBusy(kind);
    try {
      const outcome = await download(kind === "pdf" ? `${base}${query}` : `${base}/csv${query}`, `invoice-${invoiceNumber}.${kind}`);
      if (outcome === "not-found") {
        notifications.show({ id: "invoice-download", color: "yellow", title: t("not-found-title"), message: t("not-found"), autoClose: 6000 });
      }
    } catch (err) {
      onError(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Button variant="default" leftSection={<DownloadIcon />} loading={busy === "pdf"} onClick={() => run("pdf")} data-testid="download-pdf">
        {t("pdf")}
      </Button>
      {csv ? (
        <Button variant="default" leftSection={<DownloadIcon />} loading={busy === "csv"} onClick={() => run("csv")} data-testid="download-csv">
          {t("csv")}
        </Button>
      ) : null}
    </>
  );
}
