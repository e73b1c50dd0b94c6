"use client";

import { Burger, Drawer, NavLink, Stack } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";

export function MobileNav({ items }: { items: { href: string; label: string }[] }) {
  const t = useTranslations("shell");
  const [opened, { toggle, close }] = useDisclosure(false);
  const pathname = usePathname();
  if (!items.length) return null;
  return (
    <>
      <Burger opened={opened} onClick={toggle} hiddenFrom="md" aria-label={t(opened ? "close-menu" : "open-menu")} color="var(--portal-header-text)" size="sm" />
      <Drawer opened={opened} onClose={close} title={t("menu")} size="xs" hiddenFrom="md">
        <Stack gap={2}>
          {items.map((item) => (
            <NavLink key={item.href} component={Link} href={item.href} label={item.label} active={pathname === item.href} onClick={close} />
          ))}
        </Stack>
      </Drawer>
    </>
  );
}
