import { Stack, Title } from "@mantine/core";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import type { Feature } from "@/lib/features";
import { SettingsLayout } from "@/ui/settings/settings-layout";
import { visibleAdminSections, type AdminSectionId } from "./sections";

/**
 * The administration area's frame: its heading, the navigation between its pages (beside the
 * page on a wide screen, above it on a phone) and the page's own heading and introduction.
 */
export async function AdminFrame({ ctx, active, children }: { ctx: { site: { features: readonly Feature[] }; href: (path: string) => string }; active: AdminSectionId; children: ReactNode }) {
  const t = await getTranslations("admin-pages");
  const items = visibleAdminSections(ctx.site).map((s) => ({ id: s.id, href: ctx.href(s.path), label: t(`${s.id}.nav`) }));
  return (
    <Stack gap="lg" data-testid="admin-area" data-section={active}>
      <Title order={1}>{t("title")}</Title>
      <SettingsLayout label={t("nav-label")} items={items} active={active} title={t(`${active}.title`)} intro={t(`${active}.intro`)}>
        {children}
      </SettingsLayout>
    </Stack>
  );
}
