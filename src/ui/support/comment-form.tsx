"use client";

import { Alert, Button, Group, Stack, Textarea, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "@/ui/api";
import { useFormDraft } from "@/ui/shared/use-form-draft";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useLeaveGuard } from "@/ui/shared/use-leave-guard";
import { useApiErrorHandler } from "@/ui/use-api-error";
import { AttachmentsField, type FormAttachment } from "./attachments-field";
import { useFieldErrors } from "./form-errors";
import { MESSAGE_LIMIT } from "./limits";
import classes from "./support.module.css";

interface Values extends Record<string, unknown> {
  body: string;
  attachments: FormAttachment[];
}

/** The customer's reply on a ticket, with attachments; a reply on a resolved ticket opens it again. */
export function CommentForm({ ticketId, resolved, locale }: { ticketId: string; resolved: boolean; locale: string }) {
  const t = useTranslations("support-pages");
  const interactive = useHydrated();
  const router = useRouter();
  const onError = useApiErrorHandler();
  const fieldErrors = useFieldErrors();
  const [busy, setBusy] = useState(false);
  const form = useForm<Values>({
    initialValues: { body: "", attachments: [] },
    validate: { body: (v) => (v.trim() ? null : t("new.required")) },
  });
  const draft = useFormDraft(`support-comment-${ticketId}`, form);
  const guard = useLeaveGuard(form.isDirty());

  const submit = async (values: Values) => {
    setBusy(true);
    try {
      await api(`/api/support/tickets/${encodeURIComponent(ticketId)}/comments`, {
        method: "POST",
        body: { body: values.body, ...(values.attachments.length ? { attachmentIds: values.attachments.map((a) => a.id) } : {}) },
      });
      guard.release();
      draft.clear();
      notifications.show({ id: "support-comment-sent", color: "green", message: t("comment.sent"), closeButtonProps: { "aria-label": t("close-notice") } });
      router.refresh();
    } catch (err) {
      const fields = fieldErrors(err);
      if (fields) form.setErrors({ body: fields.body, attachments: fields.attachmentIds });
      else onError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate data-testid="comment-form" className={classes.form} data-interactive={interactive || undefined} aria-labelledby="comment-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="comment-heading">
          {t("comment.heading")}
        </Title>
        {resolved ? (
          <Alert variant="outline" color="blue" data-testid="comment-reopens">
            {t("comment.reopens")}
          </Alert>
        ) : null}
        <Textarea label={t("comment.label")} description={t("comment.help")} autosize minRows={4} maxRows={16} maxLength={MESSAGE_LIMIT} withAsterisk name="body" {...form.getInputProps("body")} />
        <AttachmentsField
          value={form.values.attachments}
          onChange={(next) => {
            form.setFieldValue("attachments", next);
            form.clearFieldError("attachments");
          }}
          locale={locale}
          disabled={busy}
          error={form.errors.attachments as string | undefined}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} data-testid="comment-submit">
            {t("comment.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
