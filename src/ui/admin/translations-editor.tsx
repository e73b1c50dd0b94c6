"use client";

import { Anchor, Badge, Button, Code, Group, Paper, SegmentedControl, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import type { TranslationList } from "@/api/schemas/admin";
import { api } from "@/ui/api";
import { useFieldErrors } from "@/ui/settings/use-field-errors";
import { useFormDraft } from "@/ui/shared/use-form-draft";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useLeaveGuard } from "@/ui/shared/use-leave-guard";

type Entry = TranslationList["entries"][number];
const PAGE = 25;
/** Form paths split at dots: message keys are kept with their dots swapped out. */
const enc = (key: string) => key.replaceAll(".", "~");

interface Values extends Record<string, unknown> {
  edits: Record<string, string>;
}

/**
 * Every message of the product in one locale of the site: the product's text beside the site's
 * own, searchable by key or text. Saving checks the text on the server (valid ICU, the same
 * arguments); a refused text stays in the box with the reason under it.
 */
export function TranslationsEditor({ siteId, locale, locales, entries: initial }: { siteId: string; locale: string; locales: { id: string; name: string; href: string }[]; entries: Entry[] }) {
  const t = useTranslations("admin.translations");
  const router = useRouter();
  const interactive = useHydrated();
  const fieldErrors = useFieldErrors();
  const [entries, setEntries] = useState(initial);
  const [query, setQuery] = useState("");
  const [onlyOverridden, setOnlyOverridden] = useState("all");
  const [shown, setShown] = useState(PAGE);
  const [busy, setBusy] = useState<string | null>(null);
  const form = useForm<Values>({ initialValues: { edits: {} } });
  const draft = useFormDraft(`admin-translations:${siteId}:${locale}`, form);
  useLeaveGuard(Object.keys(form.values.edits).length > 0);

  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    return entries.filter(
      (e) => (onlyOverridden === "all" || e.override !== null) && (!q || e.key.toLowerCase().includes(q) || e.product.toLowerCase().includes(q) || (e.override ?? "").toLowerCase().includes(q)),
    );
  }, [entries, query, onlyOverridden]);

  const send = async (key: string, value: string | null) => {
    setBusy(`${value === null ? "revert" : "save"}:${key}`);
    try {
      const res = await api<TranslationList>(`/api/admin/site/${encodeURIComponent(siteId)}/translations?locale=${encodeURIComponent(locale)}`, {
        method: "PATCH",
        body: { translations: { [key]: value } },
      });
      const updated = new Map(res.entries.map((e) => [e.key, e]));
      setEntries((list) => list.map((e) => updated.get(e.key) ?? e));
      const edits = { ...form.values.edits };
      delete edits[enc(key)];
      form.setValues({ edits });
      form.clearFieldError(`edits.${enc(key)}`);
      if (!Object.keys(edits).length) draft.clear();
      notifications.show({ id: "admin-saved", color: "green", message: value === null ? t("reverted") : t("saved") });
      router.refresh();
    } catch (err) {
      const errors = fieldErrors(err);
      if (errors) form.setFieldError(`edits.${enc(key)}`, Object.values(errors)[0]);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="md" data-testid="admin-translations" data-interactive={interactive || undefined}>
      <Group component="nav" gap="xs" wrap="wrap" aria-label={t("locales")}>
        {locales.map((l) => (
          <Anchor
            key={l.id}
            href={l.href}
            aria-current={l.id === locale ? "page" : undefined}
            translate="no"
            lang={l.id}
            fw={l.id === locale ? 700 : 400}
            underline={l.id === locale ? "always" : "hover"}
          >
            {l.name}
          </Anchor>
        ))}
      </Group>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          style={{ flex: "1 1 16rem" }}
          label={t("search")}
          description={t("search-help")}
          type="search"
          value={query}
          onChange={(e) => {
            setQuery(e.currentTarget.value);
            setShown(PAGE);
          }}
          data-testid="admin-translations-search"
        />
        <SegmentedControl
          aria-label={t("filter")}
          value={onlyOverridden}
          onChange={setOnlyOverridden}
          data={[
            { value: "all", label: t("all") },
            { value: "overridden", label: t("overridden") },
          ]}
        />
      </Group>
      <Text size="sm" role="status" aria-live="polite">
        {t("count", { count: matches.length })}
      </Text>
      {matches.slice(0, shown).map((e) => {
        const path = `edits.${enc(e.key)}`;
        const edited = form.values.edits[enc(e.key)];
        const value = edited ?? e.override ?? e.product;
        const id = `tr-${enc(e.key).replace(/[^A-Za-z0-9_-]/g, "_")}`;
        return (
          <Paper key={e.key} withBorder p="sm" data-key={e.key} data-testid="admin-translation">
            <Stack gap={6}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Code style={{ wordBreak: "break-all" }} translate="no">
                  {e.key}
                </Code>
                {e.override !== null ? <Badge variant="light">{t("overridden-badge")}</Badge> : null}
              </Group>
              <Text size="sm" c="dimmed" id={`${id}-product`}>
                {t("product")}:{" "}
                <span lang={locale} translate="no">
                  {e.product}
                </span>
              </Text>
              <Textarea
                translate="no"
                label={t("site-text")}
                aria-describedby={`${id}-product`}
                autosize
                minRows={1}
                lang={locale}
                value={value}
                error={form.errors[path]}
                onChange={(ev) => form.setFieldValue(path, ev.currentTarget.value)}
              />
              <Group gap="xs" justify="flex-end">
                {e.override !== null ? (
                  <Button size="xs" variant="default" loading={busy === `revert:${e.key}`} onClick={() => send(e.key, null)} aria-label={t("revert-of", { key: e.key })}>
                    {t("revert")}
                  </Button>
                ) : null}
                <Button size="xs" disabled={edited === undefined} loading={busy === `save:${e.key}`} onClick={() => send(e.key, value)} aria-label={t("save-of", { key: e.key })}>
                  {t("save")}
                </Button>
              </Group>
            </Stack>
          </Paper>
        );
      })}
      {matches.length > shown ? (
        <Group justify="center">
          <Button variant="light" onClick={() => setShown((n) => n + PAGE)}>
            {t("more")}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
