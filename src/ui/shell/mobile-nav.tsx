"use client";

import { Burger } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useEffect } from "react";

const loadDrawer = () => import("./mobile-nav-drawer");
// A closed drawer draws nothing, so it is not part of the page's first load.
const MobileNavDrawer = dynamic(loadDrawer, { ssr: false });

export function MobileNav({ items }: { items: { href: string; label: string }[] }) {
  const t = useTranslations("shell");
  const [opened, { toggle, close }] = useDisclosure(false);
  const hasItems = items.length > 0;
  // Fetched while the browser is idle, so that the first tap opens the drawer at once.
  useEffect(() => {
    if (!hasItems) return;
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 200));
    idle(() => void loadDrawer());
  }, [hasItems]);
  if (!hasItems) return null;
  return (
    <>
      <Burger opened={opened} onClick={toggle} hiddenFrom="md" aria-label={t(opened ? "close-menu" : "open-menu")} color="var(--portal-header-text)" size="sm" />
      <MobileNavDrawer items={items} opened={opened} onClose={close} />
    </>
  );
}
