"use client";

import { ActionIcon, Button, FileButton, Group, Input, List, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import type { Attachment } from "@/api/schemas/support";
import { formatter } from "@/i18n/format";
import { ApiError } from "@/ui/api";
import { limitInMb } from "./file-size";
import { CrossIcon, PaperclipIcon } from "@/ui/shared/line-icons";
import { ATTACHMENT_CONTENT_TYPES, ATTACHMENT_LIMIT_BYTES, ATTACHMENT_LIMIT_COUNT } from "./limits";
import { uploadAttachment } from "./upload";

let nextKey = 1;

/** An attachment as a form keeps it: what the upload answered. */
export type FormAttachment = Pick<Attachment, "id" | "fileName" | "contentType" | "size">;

/**
 * Files for a ticket or a comment: each is uploaded as soon as it is chosen (images or PDF, up to
 * the size limit, checked here first and by the server by content), listed with a remove button,
 * with what went wrong said next to the field.
 */
export function AttachmentsField({
  value,
  onChange,
  locale,
  namespace = "support-pages.attachments",
  disabled,
  error,
}: {
  value: FormAttachment[];
  onChange: (next: FormAttachment[]) => void;
  locale: string;
  /** Where the texts are: the customer's pages and the desk have their own. */
  namespace?: "support-pages.attachments" | "desk.attachments";
  disabled?: boolean;
  /** What the server said of the attachments when the form was refused. */
  error?: string | null;
}) {
  const t = useTranslations(namespace);
  const tAll = useTranslations();
  const f = formatter(locale);
  const [uploading, setUploading] = useState<{ key: number; name: string }[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const id = useId();
  const limit = limitInMb(ATTACHMENT_LIMIT_BYTES, f);

  const add = async (files: File[]) => {
    const problems: string[] = [];
    const room = ATTACHMENT_LIMIT_COUNT - value.length - uploading.length;
    if (files.length > room) problems.push(t("too-many", { count: ATTACHMENT_LIMIT_COUNT }));
    const accepted: File[] = [];
    for (const file of files.slice(0, Math.max(0, room))) {
      if (file.size > ATTACHMENT_LIMIT_BYTES) problems.push(t("too-large", { name: file.name, size: limit }));
      else if (file.type && !(ATTACHMENT_CONTENT_TYPES as readonly string[]).includes(file.type)) problems.push(t("wrong-type", { name: file.name }));
      else accepted.push(file);
    }
    setErrors([...problems]);
    if (!accepted.length) return;
    const pending = accepted.map((file) => ({ key: nextKey++, name: file.name, file }));
    setUploading((u) => [...u, ...pending.map(({ key, name }) => ({ key, name }))]);
    const done: FormAttachment[] = [];
    for (const { key, file } of pending) {
      try {
        const a = await uploadAttachment(file);
        done.push({ id: a.id, fileName: a.fileName, contentType: a.contentType, size: a.size });
      } catch (err) {
        problems.push(uploadProblem(err, file.name));
      } finally {
        setUploading((u) => u.filter((x) => x.key !== key));
      }
    }
    setErrors([...problems]);
    if (done.length) onChange([...value, ...done]);
  };

  const uploadProblem = (err: unknown, name: string): string => {
    if (err instanceof ApiError && err.status === 413) return t("too-large", { name, size: limit });
    if (err instanceof ApiError && err.status === 422) {
      const key = Object.values(err.fieldErrors())[0] ?? err.body?.error.message;
      if (key === "support.errors.file-type") return t("wrong-type", { name });
      if (key === "support.errors.file-too-large") return t("too-large", { name, size: limit });
      if (key && tAll.has(key as never)) return `${name}: ${tAll(key as never)}`;
    }
    return t("failed", { name });
  };

  const full = value.length + uploading.length >= ATTACHMENT_LIMIT_COUNT;
  return (
    <Input.Wrapper
      id={id}
      label={t("label")}
      labelElement="div"
      description={t("help", { size: limit, count: ATTACHMENT_LIMIT_COUNT })}
      error={errors.length || error ? <ErrorList errors={error ? [error, ...errors] : errors} /> : undefined}
      data-testid="attachments-field"
    >
      <Stack gap="xs" mt={6}>
        {value.length || uploading.length ? (
          <List spacing={4} listStyleType="none" ml={0} pl={0} aria-label={t("list")} data-testid="attachment-list">
            {value.map((a) => (
              <List.Item key={a.id} data-testid="attachment-item">
                <Group gap="xs" wrap="nowrap">
                  <PaperclipIcon size={16} />
                  <Text size="sm" style={{ overflowWrap: "anywhere", minWidth: 0 }}>
                    {a.fileName}
                  </Text>
                  <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t("remove", { name: a.fileName })} onClick={() => onChange(value.filter((x) => x.id !== a.id))} disabled={disabled}>
                    <CrossIcon size={14} />
                  </ActionIcon>
                </Group>
              </List.Item>
            ))}
            {uploading.map((u) => (
              <List.Item key={u.key}>
                <Text size="sm" c="dimmed" role="status">
                  {t("uploading", { name: u.name })}
                </Text>
              </List.Item>
            ))}
          </List>
        ) : null}
        <Group>
          <FileButton onChange={(files) => void add(files)} accept={ATTACHMENT_CONTENT_TYPES.join(",")} multiple disabled={disabled || full}>
            {(props) => (
              <Button {...props} variant="default" leftSection={<PaperclipIcon size={16} />} aria-describedby={`${id}-description`} data-testid="attach-files" disabled={disabled || full}>
                {t("add")}
              </Button>
            )}
          </FileButton>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

function ErrorList({ errors }: { errors: string[] }) {
  return (
    <span role="alert" data-testid="attachment-errors">
      {errors.map((e, i) => (
        <span key={i} style={{ display: "block" }}>
          {e}
        </span>
      ))}
    </span>
  );
}
