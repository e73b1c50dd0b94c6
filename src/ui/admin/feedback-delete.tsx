"use client";

import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "@/ui/api";
import { useApiErrorHandler } from "@/ui/use-api-error";
import { useHydrated } from "@/ui/shared/use-hydrated";

/** Deletes every answer of a form after a confirmation. */
export function FeedbackDelete({ siteId, formId, name, disabled }: { siteId: string; formId: string; name: string; disabled: boolean }) {
  const t = useTranslations("admin.feedback");
  const router = useRouter();
  const interactive = useHydrated();
  const onError = useApiErrorHandler();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await api(`/api/admin/site/${encodeURIComponent(siteId)}/feedback-submissions`, { method: "DELETE", body: { formId } });
      setOpen(false);
      notifications.show({ id: "admin-saved", color: "green", message: t("deleted") });
      router.refresh();
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="light" color="red" disabled={disabled} onClick={() => setOpen(true)} data-testid="admin-feedback-delete" data-interactive={interactive || undefined}>
        {t("delete")}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={t("delete-title")} centered>
        <Stack>
          <Text>{t("delete-text", { name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t("cancel")}
            </Button>
            <Button color="red" loading={busy} onClick={confirm} data-testid="admin-feedback-delete-confirm">
              {t("delete")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
