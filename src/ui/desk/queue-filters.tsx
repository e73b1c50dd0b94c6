"use client";

import { Anchor, Group, NativeSelect, Stack } from "@mantine/core";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition, type ReactNode } from "react";
import type { SupportOption } from "@/api/schemas/support";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { ClientLink as Link } from "@/ui/shell/client-link";
import busy from "@/ui/shared/busy-area.module.css";
import { AGE_HOURS, STATUS_FILTERS, type QueueFilterValues } from "./filter-values";

/** The queue's filters (status, topic, age, who handles it), kept in the URL so a view can be shared and reloaded. */
export function QueueFilters({
  values,
  topics,
  staff,
  clearHref,
  children,
}: {
  values: QueueFilterValues;
  topics: SupportOption[];
  staff: { id: string; name: string; isMe: boolean }[];
  clearHref: string | null;
  children: ReactNode;
}) {
  const t = useTranslations("desk");
  const interactive = useHydrated();
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const [pending, startTransition] = useTransition();

  const set = (key: keyof QueueFilterValues, value: string) => {
    const q = new URLSearchParams(search.toString());
    q.delete("page");
    const empty = key === "status" ? value === "active" : !value;
    if (empty) q.delete(key);
    else q.set(key, value);
    const qs = q.toString();
    startTransition(() => router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false }));
  };

  const ageLabel = (hours: number) => (hours < 24 ? t("filters.age-hours", { hours }) : t("filters.age-days", { days: hours / 24 }));
  return (
    <Stack gap="md">
      <Group
        component="form"
        role="search"
        aria-label={t("filters.label")}
        gap="md"
        align="flex-end"
        wrap="wrap"
        data-testid="desk-filters"
        data-interactive={interactive || undefined}
        onSubmit={(e) => e.preventDefault()}
      >
        <NativeSelect
          label={t("filters.status")}
          value={values.status}
          onChange={(e) => set("status", e.currentTarget.value)}
          data={STATUS_FILTERS.map((s) => ({ value: s, label: s === "active" ? t("filters.status-active") : s === "all" ? t("filters.status-all") : t(`status.${s}`) }))}
          w={{ base: "100%", xs: 200 }}
          data-testid="filter-status"
        />
        <NativeSelect
          label={t("filters.topic")}
          value={values.topic}
          onChange={(e) => set("topic", e.currentTarget.value)}
          data={[{ value: "", label: t("filters.topic-all") }, ...topics.map((o) => ({ value: o.code, label: o.name }))]}
          w={{ base: "100%", xs: 200 }}
          data-testid="filter-topic"
        />
        <NativeSelect
          label={t("filters.age")}
          value={values.age}
          onChange={(e) => set("age", e.currentTarget.value)}
          data={[{ value: "", label: t("filters.age-any") }, ...AGE_HOURS.map((h) => ({ value: String(h), label: ageLabel(h) }))]}
          w={{ base: "100%", xs: 200 }}
          data-testid="filter-age"
        />
        <NativeSelect
          label={t("filters.assignee")}
          value={values.assignee}
          onChange={(e) => set("assignee", e.currentTarget.value)}
          data={[
            { value: "", label: t("filters.assignee-any") },
            { value: "me", label: t("filters.assignee-me") },
            { value: "unassigned", label: t("filters.assignee-unassigned") },
            ...staff.filter((s) => !s.isMe).map((s) => ({ value: s.id, label: s.name })),
          ]}
          w={{ base: "100%", xs: 200 }}
          data-testid="filter-assignee"
        />
        {clearHref ? (
          <Anchor component={Link} href={clearHref} size="sm" pb={8}>
            {t("filters.clear")}
          </Anchor>
        ) : null}
      </Group>
      {/* While the filtered queue loads, the old one stays, dimmed. */}
      <div className={busy.busyArea} aria-busy={pending} data-busy={pending || undefined}>
        {pending ? (
          <span className={busy.busyLabel} role="status">
            {t("filters.updating")}
          </span>
        ) : null}
        {children}
      </div>
    </Stack>
  );
}
