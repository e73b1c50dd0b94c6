"use client";

import { Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { AdminAnnouncement, WriteAnnouncementRequest } from "@/api/schemas/admin";
import { wallClockToInstant } from "@/lib/datetime-local";
import { api } from "@/ui/api";
import { pickFieldErrors, useFieldErrors } from "@/ui/settings/use-field-errors";
import { EmptyState } from "@/ui/shared/empty-state";
import { useFormDraft } from "@/ui/shared/use-form-draft";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useLeaveGuard } from "@/ui/shared/use-leave-guard";

const AnnouncementEditor = dynamic(() => import("./announcement-editor").then((m) => m.AnnouncementEditor), { ssr: false });

export interface AnnouncementRow extends AdminAnnouncement {
  /** When it is shown, formatted on the server in the site's timezone. */
  publishedLabel: string;
  expiresLabel: string | null;
}

interface Values extends Record<string, unknown> {
  title: string;
  contentHtml: string;
  locale: string;
  severity: string;
  publishedAt: string;
  expiresAt: string;
}

const FIELDS = ["title", "contentHtml", "locale", "severity", "publishedAt", "expiresAt"] as const;

/** Writes, schedules and withdraws the site's announcements, per locale or for all. */
export function AnnouncementsManager({ siteId, timeZone, locales, announcements }: { siteId: string; timeZone: string; locales: { id: string; name: string }[]; announcements: AnnouncementRow[] }) {
  const t = useTranslations("admin.announcements");
  const tf = useTranslations("admin.form");
  const router = useRouter();
  const interactive = useHydrated();
  const fieldErrors = useFieldErrors();
  const [busy, setBusy] = useState<string | null>(null);
  const empty: Values = { title: "", contentHtml: "", locale: "", severity: "info", publishedAt: "", expiresAt: "" };
  const form = useForm<Values>({
    initialValues: empty,
    validate: { title: (v) => (v.trim() ? null : tf("required")), contentHtml: (v) => (v.trim() ? null : tf("required")) },
  });
  const draft = useFormDraft(`admin-announcement:${siteId}`, form);
  useLeaveGuard(form.isDirty());
  const [editorKey, setEditorKey] = useState(0);
  const base = `/api/admin/site/${encodeURIComponent(siteId)}/announcements`;

  const submit = form.onSubmit(async (v) => {
    setBusy("write");
    const body: WriteAnnouncementRequest = {
      title: v.title.trim(),
      contentHtml: v.contentHtml,
      locale: (v.locale || null) as WriteAnnouncementRequest["locale"],
      severity: v.severity as WriteAnnouncementRequest["severity"],
      ...(v.publishedAt ? { publishedAt: wallClockToInstant(v.publishedAt, timeZone) } : {}),
      ...(v.expiresAt ? { expiresAt: wallClockToInstant(v.expiresAt, timeZone) } : {}),
    };
    try {
      const saved = await api<AdminAnnouncement>(base, { method: "POST", body });
      form.setValues(empty);
      form.resetDirty(empty);
      setEditorKey((k) => k + 1);
      draft.clear();
      notifications.show({ id: "admin-saved", color: "green", message: saved.status === "scheduled" ? t("scheduled-saved") : t("published") });
      router.refresh();
    } catch (err) {
      const errors = fieldErrors(err);
      if (errors) form.setErrors(pickFieldErrors(errors, FIELDS).own);
    } finally {
      setBusy(null);
    }
  });

  const withdraw = async (id: string) => {
    setBusy(id);
    try {
      await api(`${base}/withdraw`, { method: "POST", body: { announcementId: id } });
      notifications.show({ id: "admin-saved", color: "green", message: t("withdrawn") });
      router.refresh();
    } catch (err) {
      fieldErrors(err);
    } finally {
      setBusy(null);
    }
  };

  const localeName = (id: string | null) => (id ? (locales.find((l) => l.id === id)?.name ?? id) : t("all-locales"));

  return (
    <Stack gap="xl" data-testid="admin-announcements" data-interactive={interactive || undefined}>
      <form onSubmit={submit} noValidate data-testid="admin-announcement-form">
        <Stack gap="md">
          <TextInput label={t("title")} required {...form.getInputProps("title")} data-testid="announcement-title" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t("locale")}
              data={[{ value: "", label: t("all-locales") }, ...locales.map((l) => ({ value: l.id, label: l.name }))]}
              allowDeselect={false}
              {...form.getInputProps("locale")}
            />
            <Select
              label={t("severity")}
              data={(["info", "warning", "critical"] as const).map((s) => ({ value: s, label: t(`severities.${s}`) }))}
              allowDeselect={false}
              {...form.getInputProps("severity")}
            />
            <TextInput type="datetime-local" label={t("starts")} description={`${t("starts-help")} ${t("zone", { zone: timeZone })}`} {...form.getInputProps("publishedAt")} />
            <TextInput type="datetime-local" label={t("ends")} description={`${t("ends-help")} ${t("zone", { zone: timeZone })}`} {...form.getInputProps("expiresAt")} />
          </SimpleGrid>
          <Stack gap={4}>
            <Text component="span" id="announcement-content-label" fw={500} size="sm">
              {t("content")}
            </Text>
            <AnnouncementEditor
              key={editorKey}
              value={form.values.contentHtml}
              onChange={(html) => form.setFieldValue("contentHtml", html)}
              labelledBy="announcement-content-label"
              error={form.errors.contentHtml as string | undefined}
            />
            {form.errors.contentHtml ? (
              <Text c="red" size="sm" role="alert">
                {form.errors.contentHtml}
              </Text>
            ) : null}
          </Stack>
          <Group justify="flex-end">
            <Button type="submit" loading={busy === "write"} data-testid="announcement-save">
              {t("publish")}
            </Button>
          </Group>
        </Stack>
      </form>

      <Stack gap="sm" component="section" aria-labelledby="announcements-list">
        <Text component="h3" id="announcements-list" fw={600} size="lg" m={0}>
          {t("list")}
        </Text>
        {announcements.length === 0 ? <EmptyState title={t("empty-title")} description={t("empty")} titleOrder={4} /> : null}
        {announcements.map((a) => (
          <Paper key={a.id} withBorder p="sm" data-testid="admin-announcement" data-status={a.status} data-id={a.id}>
            <Stack gap={4}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={600} data-user-content>
                  {a.title}
                </Text>
                <Badge color={a.status === "live" ? "blue" : "gray"} variant="light">
                  {t(`status.${a.status}`)}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {a.locale ? <span translate="no">{localeName(a.locale)}</span> : localeName(a.locale)} · {t(`severities.${a.severity}`)} ·{" "}
                {a.expiresLabel ? t("period", { from: a.publishedLabel, to: a.expiresLabel }) : t("from", { from: a.publishedLabel })}
              </Text>
              {/* Sanitized on the server when stored and again when read. */}
              <div data-user-content className="announcement-preview" style={{ fontSize: "var(--mantine-font-size-sm)", wordBreak: "break-word" }} dangerouslySetInnerHTML={{ __html: a.content }} />
              {a.status !== "ended" ? (
                <Group justify="flex-end">
                  <Button size="xs" variant="light" color="red" loading={busy === a.id} onClick={() => withdraw(a.id)} aria-label={t("withdraw-of", { title: a.title })}>
                    {t("withdraw")}
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
