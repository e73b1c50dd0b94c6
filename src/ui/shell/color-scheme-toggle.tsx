"use client";

import { ActionIcon, useMantineColorScheme, useComputedColorScheme } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { AppearanceUpdate } from "@/api/schemas/settings";
import { api } from "@/ui/api";

function SunIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </svg>
  );
}
function MoonIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
    </svg>
  );
}

/**
 * Light or dark at once (the provider's manager writes the colour-scheme cookies). A signed-in
 * person's choice is also saved for them (PUT /api/me/appearance), as the appearance settings
 * save it, so it follows them to the next device; a failed save leaves this device's choice.
 */
export function ColorSchemeToggle({ saveForPerson }: { saveForPerson: boolean }) {
  const t = useTranslations("shell");
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme("light", { getInitialValueInEffect: true });
  const next = computed === "dark" ? "light" : "dark";
  const choose = () => {
    setColorScheme(next);
    const body: AppearanceUpdate = { colorScheme: next };
    if (saveForPerson) void api("/api/me/appearance", { method: "PUT", body }).catch(() => undefined);
  };
  return (
    <ActionIcon variant="subtle" size="lg" onClick={choose} aria-label={t(next === "dark" ? "use-dark" : "use-light")} style={{ color: "var(--portal-header-text)" }}>
      {computed === "dark" ? <SunIcon /> : <MoonIcon />}
    </ActionIcon>
  );
}
