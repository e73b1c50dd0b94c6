"use client";

import { Button, Group, Radio, Stack, Textarea, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "@/ui/api";
import { useFormDraft } from "@/ui/shared/use-form-draft";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useLeaveGuard } from "@/ui/shared/use-leave-guard";
import { AttachmentsField, type FormAttachment } from "@/ui/support/attachments-field";
import { useFieldErrors } from "@/ui/support/form-errors";
import { LockIcon } from "@/ui/shared/line-icons";
import { MESSAGE_LIMIT } from "@/ui/support/limits";
import { useApiErrorHandler } from "@/ui/use-api-error";
import classes from "@/ui/support/support.module.css";

interface Values extends Record<string, unknown> {
  kind: "public" | "internal";
  body: string;
  attachments: FormAttachment[];
}

/** Customer service's answer on a ticket: a reply the customer sees (and is e-mailed about) or an internal note. */
export function ReplyForm({ ticketId, locale }: { ticketId: string; locale: string }) {
  const t = useTranslations("desk.reply");
  const tDesk = useTranslations("desk");
  const interactive = useHydrated();
  const router = useRouter();
  const onError = useApiErrorHandler();
  const fieldErrors = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({
    initialValues: { kind: "public", body: "", attachments: [] },
    validate: { body: (v) => (v.trim() ? null : t("required")) },
  });
  const draft = useFormDraft(`desk-reply-${ticketId}`, form);
  const guard = useLeaveGuard(form.isDirty());
  const internal = form.values.kind === "internal";

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      await api(`/api/desk/tickets/${encodeURIComponent(ticketId)}/comments`, {
        method: "POST",
        body: { body: values.body, internal: values.kind === "internal", ...(values.attachments.length ? { attachmentIds: values.attachments.map((a) => a.id) } : {}) },
      });
      guard.release();
      draft.clear();
      notifications.show({
        id: "desk-reply-sent",
        color: "green",
        message: values.kind === "internal" ? t("sent-internal") : t("sent-public"),
        closeButtonProps: { "aria-label": tDesk("close-notice") },
      });
      router.refresh();
    } catch (err) {
      const fields = fieldErrors(err);
      if (fields) form.setErrors({ body: fields.body, attachments: fields.attachmentIds, kind: fields.internal });
      else onError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-labelledby="reply-heading" data-testid="reply-form" className={classes.form} data-interactive={interactive || undefined}>
      <Stack gap="sm">
        <Title order={2} size="h3" id="reply-heading">
          {t("heading")}
        </Title>
        <Radio.Group label={t("kind")} description={internal ? t("internal-help") : t("public-help")} {...form.getInputProps("kind")} data-testid="reply-kind">
          <Group gap="lg" mt="xs">
            <Radio value="public" label={t("public")} data-testid="reply-public" />
            <Radio value="internal" label={t("internal")} data-testid="reply-internal" />
          </Group>
        </Radio.Group>
        <Textarea label={t("label")} withAsterisk autosize minRows={4} maxRows={16} maxLength={MESSAGE_LIMIT} {...form.getInputProps("body")} data-testid="reply-body" />
        <AttachmentsField
          value={form.values.attachments}
          onChange={(next) => {
            form.setFieldValue("attachments", next);
            form.clearFieldError("attachments");
          }}
          locale={locale}
          namespace="desk.attachments"
          disabled={busy}
          error={form.errors.attachments as string | undefined}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} leftSection={internal ? <LockIcon size={16} /> : undefined} variant={internal ? "default" : "filled"} data-testid="reply-submit">
            {internal ? t("submit-internal") : t("submit-public")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
