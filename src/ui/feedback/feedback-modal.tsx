"use client";

import { Button, Group, Modal, Radio, Stack, Text, Textarea } from "@mantine/core";
import { useMediaQuery, useMounted } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { api, ApiError } from "@/ui/api";
import { useApiErrorHandler } from "@/ui/use-api-error";
import { markHandled } from "./feedback-cookie";

const RATINGS = [1, 2, 3, 4, 5] as const;

/**
 * The feedback question itself: a rating from 1 to 5 and an optional comment, 55rem wide and full
 * screen on phones. Sending or closing it sets the feedback-handled cookie.
 */
export function FeedbackModal({ formId, opened, onClose }: { formId: string; opened: boolean; onClose: () => void }) {
  const t = useTranslations("feedback");
  const onApiError = useApiErrorHandler();
  const phone = useMediaQuery("(max-width: 48em)");
  // Shown closed first, so the modal opens with its usual transition once its code is in.
  const mounted = useMounted();
  const [rating, setRating] = useState<string | null>(null);
  const [openText, setOpenText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const close = () => {
    markHandled();
    onClose();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!rating) {
      setError("errors.no-rating");
      return;
    }
    setSending(true);
    try {
      await api("/api/feedback/send", { method: "PUT", body: { formId, rating: Number(rating), openText: openText.trim() || null } });
      markHandled();
      onClose();
      notifications.show({ color: "green", message: t("success"), "data-testid": "feedback-success" } as never);
    } catch (err) {
      const field = err instanceof ApiError && err.status === 422 ? err.fieldErrors().rating : undefined;
      if (field) setError(field);
      else onApiError(err);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal opened={opened && mounted} onClose={close} title={t("title")} size="55rem" fullScreen={!!phone} closeButtonProps={{ "aria-label": t("close") }} data-testid="feedback-dialog">
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Text>{t("intro")}</Text>
          <Radio.Group
            name="rating"
            label={t("rating-label")}
            value={rating}
            onChange={(v) => {
              setRating(v);
              setError(null);
            }}
            error={error ? t(error as never) : undefined}
            withAsterisk
          >
            <Group mt="xs" gap="md">
              {RATINGS.map((r) => (
                <Radio key={r} value={String(r)} label={t(`rating.${r}`)} />
              ))}
            </Group>
          </Radio.Group>
          <Textarea label={t("open-text")} description={t("open-text-help")} value={openText} onChange={(e) => setOpenText(e.currentTarget.value)} maxLength={2000} autosize minRows={3} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t("later")}
            </Button>
            <Button type="submit" loading={sending}>
              {t("send")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
