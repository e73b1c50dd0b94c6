"use client";

import { Anchor, Button, FileButton, Group, Input, List, Stack, Text } from "@mantine/core";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import type { ContractDocument } from "@/api/schemas/contract-documents";
import { formatter } from "@/i18n/format";
import { api, ApiError } from "@/ui/api";
import { fileSize, limitInMb } from "@/ui/support/file-size";
import { DownloadIcon, PaperclipIcon } from "@/ui/shared/line-icons";
import { useHydrated } from "@/ui/shared/use-hydrated";

/** What the upload accepts; the server checks the content again. */
const TYPES = ["application/pdf", "image/png", "image/jpeg"] as const;

/** Sends one file to POST /api/contracts/upload (multipart/form-data); errors come back as ApiError. */
async function uploadDocument(contractId: string, file: File): Promise<ContractDocument> {
  const body = new FormData();
  body.append("contractId", contractId);
  body.append("file", file, file.name);
  return api<ContractDocument>("/api/contracts/upload", { method: "POST", body });
}

/**
 * A contract's documents: the contract PDF, the files added to it (each a download), and, for
 * whoever may change the contract, a button to add a PDF or an image. The file is checked here
 * for size and type first, and by the server by its content.
 */
export function ContractDocuments({
  contractId,
  contractNumber,
  pdfHref,
  documents,
  upload,
  maxBytes,
  locale,
}: {
  contractId: string;
  contractNumber: string;
  pdfHref: string;
  documents: ContractDocument[];
  /** Whether the person may add documents: yes, no as a representative, or not where the site has contract management off. */
  upload: "allowed" | "representative" | "off";
  maxBytes: number;
  locale: string;
}) {
  const t = useTranslations("contract-documents");
  const tAll = useTranslations();
  const router = useRouter();
  const interactive = useHydrated();
  const f = formatter(locale);
  const id = useId();
  const [list, setList] = useState(documents);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const limit = limitInMb(maxBytes, f);

  const problem = (err: unknown, name: string): string => {
    if (err instanceof ApiError && err.status === 413) return t("too-large", { name, size: limit });
    if (err instanceof ApiError && err.status === 422) {
      const key = Object.values(err.fieldErrors())[0] ?? err.body?.error.message;
      if (key === "contract-documents.errors.file-type") return t("wrong-type", { name });
      if (key && tAll.has(key as never)) return `${name}: ${tAll(key as never)}`;
    }
    if (err instanceof ApiError && err.body?.error.message && tAll.has(err.body.error.message as never)) return tAll(err.body.error.message as never);
    return t("failed", { name });
  };

  const add = async (file: File | null) => {
    if (!file) return;
    setDone(null);
    if (file.size > maxBytes) return setError(t("too-large", { name: file.name, size: limit }));
    if (file.type && !(TYPES as readonly string[]).includes(file.type)) return setError(t("wrong-type", { name: file.name }));
    setError(null);
    setBusy(file.name);
    try {
      const stored = await uploadDocument(contractId, file);
      setList((l) => [...l, stored]);
      setDone(t("uploaded", { name: stored.fileName }));
      router.refresh();
    } catch (err) {
      setError(problem(err, file.name));
    } finally {
      setBusy(null);
    }
  };

  /** When it was added and how large it is, with kB below a megabyte and MB from there. */
  const addedText = (d: ContractDocument) => {
    const s = fileSize(d.size, f);
    const date = f.date(d.uploadedAt.slice(0, 10));
    return s.unit === "kb" ? t("added-kb", { date, size: s.size }) : t("added-mb", { date, size: s.size });
  };

  return (
    <Stack gap="sm" data-testid="contract-documents" data-interactive={interactive || undefined}>
      <List spacing="xs" listStyleType="none" ml={0} pl={0} aria-label={t("list", { number: contractNumber })}>
        <List.Item>
          <Anchor href={pdfHref} download style={{ display: "inline-flex", alignItems: "center", gap: 6 }} data-testid="contract-pdf">
            <DownloadIcon size={16} />
            {t("contract-pdf", { number: contractNumber })}
          </Anchor>
        </List.Item>
        {list.map((d) => (
          <List.Item key={d.id} data-testid="contract-document" data-document={d.id}>
            <Stack gap={0}>
              <Anchor
                href={d.url}
                download={d.fileName}
                aria-label={t("download", { name: d.fileName })}
                style={{ display: "inline-flex", alignItems: "center", gap: 6, overflowWrap: "anywhere", minWidth: 0 }}
              >
                <PaperclipIcon size={16} />
                <span translate="no">{d.fileName}</span>
              </Anchor>
              <Text size="xs" c="dimmed">
                {addedText(d)}
                {d.byCustomerService ? ` · ${t("by-customer-service")}` : ""}
              </Text>
            </Stack>
          </List.Item>
        ))}
      </List>
      {list.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="contract-documents-empty">
          {t("empty")}
        </Text>
      ) : null}
      {upload === "allowed" ? (
        <Input.Wrapper id={id} description={t("help", { size: limit })} error={error ? <span role="alert">{error}</span> : undefined} inputWrapperOrder={["input", "description", "error"]}>
          <Group mb={4}>
            <FileButton onChange={(file) => void add(file)} accept={TYPES.join(",")} disabled={!!busy}>
              {(props) => (
                <Button {...props} variant="default" leftSection={<PaperclipIcon size={16} />} loading={!!busy} aria-describedby={`${id}-description`} data-testid="contract-document-add">
                  {t("add")}
                </Button>
              )}
            </FileButton>
          </Group>
        </Input.Wrapper>
      ) : upload === "representative" ? (
        <Text size="sm" c="dimmed">
          {t("read-only")}
        </Text>
      ) : null}
      <Text size="sm" role="status" aria-live="polite" data-testid="contract-document-status">
        {busy ? t("uploading", { name: busy }) : (done ?? "")}
      </Text>
    </Stack>
  );
}
