"use client";

import { Button, Group, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useTranslations } from "next-intl";
import { useHydrated } from "../use-hydrated";
import { useFormDraft } from "../use-form-draft";
import { useLeaveGuard } from "../use-leave-guard";

/** A sample form: keeps an encrypted draft and asks before unsaved changes are lost. */
export function PreviewForm() {
  // True once the form runs in the browser: what is typed before then is not yet the form's.
  const interactive = useHydrated();
  const t = useTranslations("appearance.preview");
  const form = useForm({ initialValues: { name: "", message: "" } });
  const draft = useFormDraft("theme-preview-sample", form);
  const guard = useLeaveGuard(form.isDirty());
  return (
    <form
      data-testid="preview-form"
      data-interactive={interactive || undefined}
      onSubmit={form.onSubmit(() => {
        guard.release();
        draft.clear();
        notifications.show({ color: "green", message: t("form-saved") });
      })}
    >
      <Stack gap="sm" maw={520}>
        <TextInput label={t("form-name")} {...form.getInputProps("name")} />
        <Textarea label={t("form-message")} autosize minRows={2} {...form.getInputProps("message")} />
        <Group>
          <Button type="submit">{t("form-save")}</Button>
          <Button variant="default" onClick={() => draft.clear()}>
            {t("form-clear")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
