"use client";

import { Group, Stack, Text } from "@mantine/core";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useTransition, type ReactNode } from "react";
import { Segmented } from "@/ui/shared/segmented";
import busy from "@/ui/shared/busy-area.module.css";

/** Payment state and type filters, kept in the URL query so a filtered list can be shared and reloaded. */
export function InvoiceFilters({ status, type, children }: { status: string; type: string; children: ReactNode }) {
  const t = useTranslations("invoice-pages.list");
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const [pending, startTransition] = useTransition();
  const statusLabel = useId();
  const typeLabel = useId();

  const set = (key: "status" | "type", value: string) => {
    const q = new URLSearchParams(search.toString());
    if (value === "all") q.delete(key);
    else q.set(key, value);
    const qs = q.toString();
    startTransition(() => router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false }));
  };

  return (
    <Stack gap="md">
      <Group gap="lg" align="flex-end" wrap="wrap" data-testid="invoice-filters">
        <Stack gap={4} w={{ base: "100%", xs: "auto" }}>
          <Text id={statusLabel} size="sm" fw={500}>
            {t("filter-status")}
          </Text>
          <Segmented
            aria-labelledby={statusLabel}
            value={status}
            onChange={(v) => set("status", v)}
            data={[
              { value: "all", label: t("filter-all") },
              { value: "unpaid", label: t("filter-unpaid") },
              { value: "paid", label: t("filter-paid") },
            ]}
          />
        </Stack>
        <Stack gap={4} w={{ base: "100%", xs: "auto" }}>
          <Text id={typeLabel} size="sm" fw={500}>
            {t("filter-type")}
          </Text>
          <Segmented
            aria-labelledby={typeLabel}
            value={type}
            onChange={(v) => set("type", v)}
            data={[
              { value: "all", label: t("filter-all") },
              { value: "Regular", label: t("filter-regular") },
              { value: "E-Invoice", label: t("filter-e-invoice") },
            ]}
          />
        </Stack>
      </Group>
      {/* While the filtered list loads, the old one stays, dimmed (a CSS overlay, no extra script). */}
      <div className={busy.busyArea} aria-busy={pending} data-busy={pending || undefined}>
        {pending ? (
          <span className={busy.busyLabel} role="status">
            {t("loading")}
          </span>
        ) : null}
        {children}
      </div>
    </Stack>
  );
}
