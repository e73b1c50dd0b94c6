"use client";

import { Box, Button, Group, Input, Modal, Paper, Stack, Text } from "@mantine/core";
import { DatePicker } from "@mantine/dates";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { api, ApiError } from "@/ui/api";
import { useApiErrorHandler } from "@/ui/use-api-error";
import { formatter } from "@/i18n/format";
import { PortalDates, useCalendarProps } from "@/ui/shared/calendar";
import type { PostponeWindowView } from "./postpone-due-date";

/**
 * The postponing modal: a date field limited to the allowed dates (spec §7, §4). Loaded when the
 * button that opens it is first pointed at, focused or pressed, with the date picker and dayjs.
 */
export default function PostponeDialog({
  invoiceNumber,
  dueDate,
  window,
  currency,
  locale,
  opened,
  onClose,
}: {
  invoiceNumber: string;
  dueDate: string;
  window: PostponeWindowView;
  currency: string;
  locale: string;
  opened: boolean;
  onClose: () => void;
}) {
  const t = useTranslations("invoice-pages.postpone");
  const tAll = useTranslations();
  const router = useRouter();
  const onError = useApiErrorHandler();
  const calendar = useCalendarProps();
  const phone = useMediaQuery("(max-width: 30em)");
  const [value, setValue] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const f = formatter(locale);

  const message = (key: string) => (tAll.has(key as never) ? tAll(key as never) : tAll("api.something-went-wrong" as never));

  const close = () => {
    onClose();
    setFieldError(null);
    setValue(null);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!value) {
      setFieldError(t("required"));
      return;
    }
    setBusy(true);
    setFieldError(null);
    try {
      await api(`/api/invoices/${encodeURIComponent(invoiceNumber)}/postpone`, { method: "PUT", body: { dueDate: value } });
      notifications.show({ id: "invoice-postponed", color: "green", title: t("done-title"), message: t("done", { date: f.date(value) }) });
      close();
      // Spec §4: postponing refreshes that invoice's data.
      router.refresh();
    } catch (err) {
      const field = err instanceof ApiError && err.status === 422 ? err.fieldErrors().dueDate : undefined;
      if (field) setFieldError(message(field));
      else onError(err);
    } finally {
      setBusy(false);
    }
  };

  // Composed so the modal's heading row is not a second page banner (a <header> landmark).
  return (
    <Modal.Root opened={opened} onClose={close} fullScreen={!!phone} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header {...({ component: "div" } as object)}>
          <Modal.Title fw={700}>{t("title")}</Modal.Title>
          <Modal.CloseButton aria-label={t("close")} />
        </Modal.Header>
        <Modal.Body>
          <PortalDates locale={locale} settings={{ consistentWeeks: true }}>
            <form onSubmit={submit} noValidate>
              <Stack>
                <Text size="sm">{t("current", { date: f.date(dueDate) })}</Text>
                <Input.Wrapper
                  id={fieldId}
                  label={t("new-date")}
                  labelElement="div"
                  description={t("range", { from: f.date(window.minDate!), to: f.date(window.maxDate!) })}
                  error={fieldError}
                  required
                >
                  <Box
                    role="group"
                    aria-labelledby={`${fieldId}-label`}
                    aria-describedby={[fieldError ? `${fieldId}-error` : null, `${fieldId}-description`].filter(Boolean).join(" ")}
                    data-invalid={fieldError ? true : undefined}
                    mt={6}
                    data-testid="postpone-date"
                  >
                    <DatePicker
                      value={value}
                      onChange={(v) => {
                        setValue(v);
                        setFieldError(null);
                      }}
                      minDate={window.minDate!}
                      maxDate={window.maxDate!}
                      defaultDate={window.minDate!}
                      {...calendar}
                      getDayProps={(date) => ({ "aria-pressed": value === date })}
                    />
                  </Box>
                </Input.Wrapper>
                <Text size="sm" fw={600} aria-live="polite" data-testid="postpone-chosen">
                  {value ? t("chosen", { date: f.date(value) }) : t("choose")}
                </Text>
                {window.feeCents > 0 ? (
                  <Paper withBorder p="sm" data-testid="postpone-fee">
                    <Text size="sm" fw={700}>
                      {t("fee-title")}
                    </Text>
                    <Text size="sm">{t("fee", { amount: f.money(window.feeCents, currency) })}</Text>
                  </Paper>
                ) : null}
                <Text size="sm" c="dimmed">
                  {t("times", { used: window.timesUsed, allowed: window.timesAllowed })}
                </Text>
                <Group justify="flex-end">
                  <Button variant="default" onClick={close}>
                    {t("cancel")}
                  </Button>
                  <Button type="submit" loading={busy} data-testid="postpone-submit">
                    {t("submit")}
                  </Button>
                </Group>
              </Stack>
            </form>
          </PortalDates>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
