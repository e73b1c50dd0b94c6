"use client";

import { Anchor, Button, Group, Paper, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { AdminFeedbackForm } from "@/api/schemas/admin";
import { api } from "@/ui/api";
import { ClientLink as Link } from "@/ui/shell/client-link";
import { useFieldErrors } from "@/ui/settings/use-field-errors";
import { EmptyState } from "@/ui/shared/empty-state";
import { useFormDraft } from "@/ui/shared/use-form-draft";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useLeaveGuard } from "@/ui/shared/use-leave-guard";

export interface FeedbackFormRow extends AdminFeedbackForm {
  /** The results page, and the date since which customers are asked, formatted on the server. */
  href: string;
  refreshedLabel: string;
  averageLabel: string | null;
}

/** The site's feedback forms: add one, switch it on or off, ask customers again, open its results. */
export function FeedbackForms({ siteId, forms: initial }: { siteId: string; forms: FeedbackFormRow[] }) {
  const t = useTranslations("admin.feedback");
  const router = useRouter();
  const interactive = useHydrated();
  const fieldErrors = useFieldErrors();
  // The page's forms (fresh after each refresh), with what this page changed since shown over them.
  const [changed, setChanged] = useState<Record<string, AdminFeedbackForm>>({});
  const forms = initial.map((f) => ({ ...f, ...changed[f.id] }));
  const [busy, setBusy] = useState<string | null>(null);
  const form = useForm({ initialValues: { name: "" } });
  const draft = useFormDraft(`admin-feedback-form:${siteId}`, form);
  useLeaveGuard(form.isDirty());
  const base = `/api/admin/site/${encodeURIComponent(siteId)}`;

  const add = form.onSubmit(async ({ name }) => {
    setBusy("add");
    try {
      await api<AdminFeedbackForm>(`${base}/feedback-form/add`, { method: "POST", body: { name: name.trim() } });
      form.reset();
      draft.clear();
      notifications.show({ id: "admin-saved", color: "green", message: t("added") });
      router.refresh();
    } catch (err) {
      const errors = fieldErrors(err);
      if (errors) form.setErrors({ name: Object.values(errors)[0] });
    } finally {
      setBusy(null);
    }
  });

  const update = async (row: FeedbackFormRow, change: { active?: boolean; renew?: boolean }) => {
    setBusy(`${row.id}:${change.renew ? "renew" : "active"}`);
    try {
      const saved = await api<AdminFeedbackForm>(`${base}/feedback-form/update`, { method: "PATCH", body: { formId: row.id, ...change } });
      setChanged((c) => ({ ...c, [row.id]: saved }));
      notifications.show({ id: "admin-saved", color: "green", message: change.renew ? t("renewed") : t("updated") });
      router.refresh();
    } catch (err) {
      fieldErrors(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="lg" data-testid="admin-feedback-forms" data-interactive={interactive || undefined}>
      {forms.length === 0 ? <EmptyState title={t("empty-title")} description={t("empty")} titleOrder={3} /> : null}
      {forms.map((f) => (
        <Paper key={f.id} withBorder p="md" data-form={f.name}>
          <Stack gap="xs">
            <Group justify="space-between" wrap="wrap">
              <Text fw={600} component="h3" m={0} size="lg" translate="no">
                {f.name}
              </Text>
              <Anchor component={Link} href={f.href} aria-label={t("results-of", { name: f.name })} data-testid="admin-feedback-results-link">
                {t("results")}
              </Anchor>
            </Group>
            <Text size="sm">
              {t("answers", { count: f.answers })}
              {f.averageLabel ? ` · ${t("average", { average: f.averageLabel })}` : ""}
            </Text>
            <Text size="sm" c="dimmed">
              {t("refreshed", { date: f.refreshedLabel })}
            </Text>
            <Group justify="space-between" wrap="wrap">
              <Switch
                label={t("active")}
                aria-label={t("active-of", { name: f.name })}
                checked={f.active}
                disabled={busy !== null}
                onChange={(e) => update(f, { active: e.currentTarget.checked })}
                data-testid="admin-feedback-active"
              />
              <Button
                size="xs"
                variant="default"
                loading={busy === `${f.id}:renew`}
                onClick={() => update(f, { renew: true })}
                aria-label={t("renew-of", { name: f.name })}
                data-testid="admin-feedback-renew"
              >
                {t("renew")}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ))}
      <form onSubmit={add} noValidate data-testid="admin-feedback-add">
        <Group align="flex-end" wrap="wrap">
          <TextInput style={{ flex: "1 1 14rem" }} label={t("name")} description={t("name-help")} autoComplete="off" spellCheck={false} {...form.getInputProps("name")} />
          <Button type="submit" loading={busy === "add"}>
            {t("add")}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
