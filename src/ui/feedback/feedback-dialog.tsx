"use client";

import { Button, Group, Modal, Radio, Stack, Text, Textarea } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useTranslations } from "next-intl";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { api, ApiError } from "@/ui/api";
import { useApiErrorHandler } from "@/ui/use-api-error";
import { FEEDBACK_EXCLUDED_PATH, parseHandled, shouldAskFeedback } from "./feedback-rules";

export const FEEDBACK_COOKIE = "feedback-handled";
const TEN_YEARS = 315_360_000;
/**
 * The dialog waits until the person has stayed on a page for a while, so it never interrupts
 * the first look at a page (or a task in progress right after signing in).
 */
export const FEEDBACK_DELAY_MS = 20_000;
const RATINGS = [1, 2, 3, 4, 5] as const;

function handledAt(): number | null {
  return parseHandled(/(?:^|; )feedback-handled=([^;]*)/.exec(document.cookie)?.[1]);
}

function markHandled() {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${FEEDBACK_COOKIE}=${Date.now()}; Path=/; Max-Age=${TEN_YEARS}; SameSite=Lax${secure}`;
}

/**
 * The feedback dialog (spec §2, §4, §5): a rating from 1 to 5 and an optional comment, 55rem
 * wide and full screen on phones. Sending or closing it sets the feedback-handled cookie, so it is
 * asked again only when the form is refreshed. Never on sign-in, admin or settings pages.
 */
export function FeedbackDialog({ form, delayMs = FEEDBACK_DELAY_MS }: { form: { id: string; refreshedAt: string }; delayMs?: number }) {
  const t = useTranslations("feedback");
  const onApiError = useApiErrorHandler();
  const pathname = usePathname();
  const phone = useMediaQuery("(max-width: 48em)");
  const [opened, setOpened] = useState(false);
  const [rating, setRating] = useState<string | null>(null);
  const [openText, setOpenText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (FEEDBACK_EXCLUDED_PATH.test(pathname) || !shouldAskFeedback(handledAt(), form.refreshedAt)) return;
    const timer = setTimeout(() => {
      if (shouldAskFeedback(handledAt(), form.refreshedAt)) setOpened(true);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [pathname, form.refreshedAt, delayMs]);

  const close = () => {
    markHandled();
    setOpened(false);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!rating) {
      setError("errors.no-rating");
      return;
    }
    setSending(true);
    try {
      await api("/api/feedback/send", { method: "PUT", body: { formId: form.id, rating: Number(rating), openText: openText.trim() || null } });
      markHandled();
      setOpened(false);
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
    <Modal opened={opened} onClose={close} title={t("title")} size="55rem" fullScreen={!!phone} closeButtonProps={{ "aria-label": t("close") }} data-testid="feedback-dialog">
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
