"use client";

import { NativeSelect, Paper, Stack, Text, Title, useMantineColorScheme } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import type { Appearance, AppearanceUpdate, ColorSchemeChoice } from "@/api/schemas/settings";
import { api } from "@/ui/api";
import { Segmented } from "@/ui/shared/segmented";
import { useHydrated } from "@/ui/shared/use-hydrated";
import { useApiErrorHandler } from "@/ui/use-api-error";

export interface LanguageOption {
  id: string;
  /** The URL prefix of the language ("fi"). */
  prefix: string;
  /** The language's own name ("Suomi"). */
  name: string;
}

/**
 * The person's colour scheme (auto, light, dark; spec §4 with the dark-theme feature) and
 * interface language. A choice applies at once, is saved for the person (PUT /api/me/appearance,
 * whose answer sets the cookies the next first paint is drawn from) and follows them to every
 * device they sign in on.
 */
export function AppearanceSettings({
  darkAllowed,
  locale,
  defaultLocale,
  languages,
  siteLocales,
}: {
  darkAllowed: boolean;
  locale: string;
  defaultLocale: string;
  /** The languages offered (the site's, and the development pseudo-locale while it is in use). */
  languages: LanguageOption[];
  /** The site's languages: only these are saved as the person's choice. */
  siteLocales: string[];
}) {
  const t = useTranslations("settings-pages.appearance");
  const tScheme = useTranslations("appearance");
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const onError = useApiErrorHandler();
  const interactive = useHydrated();
  const schemeId = useId();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const [busy, setBusy] = useState(false);

  const save = async (body: AppearanceUpdate) => {
    setBusy(true);
    try {
      await api<Appearance>("/api/me/appearance", { method: "PUT", body });
      return true;
    } catch (err) {
      onError(err);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const chooseScheme = async (value: ColorSchemeChoice) => {
    // At once: the provider's manager writes the colour-scheme cookies and repaints.
    setColorScheme(value);
    if (await save({ colorScheme: value })) notifications.show({ id: "appearance-saved", color: "green", message: t("scheme-saved") });
  };

  const chooseLanguage = async (id: string) => {
    const option = languages.find((l) => l.id === id);
    if (!option || id === locale) return;
    if (siteLocales.includes(id) && !(await save({ colorScheme: darkAllowed ? colorScheme : "light", locale: id }))) return;
    // The same page in the chosen language (as the language switcher does it).
    const prefixes = new Set(languages.map((l) => l.prefix));
    const first = pathname.split("/")[1];
    const bare = prefixes.has(first) ? pathname.slice(first.length + 1) || "/" : pathname;
    const path = id === defaultLocale ? bare : `/${option.prefix}${bare === "/" ? "" : bare}`;
    const query = search.toString();
    router.replace(query ? `${path}?${query}` : path, { scroll: false });
    router.refresh();
  };

  return (
    <Stack gap="lg" data-testid="appearance-settings" data-interactive={interactive || undefined}>
      <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-labelledby={`${schemeId}-title`}>
        <Stack gap="sm">
          <Title order={3} id={`${schemeId}-title`}>
            {tScheme("label")}
          </Title>
          {darkAllowed ? (
            <>
              <Segmented<ColorSchemeChoice>
                aria-labelledby={`${schemeId}-title`}
                value={colorScheme}
                onChange={(value) => void chooseScheme(value)}
                data={(["auto", "light", "dark"] as const).map((value) => ({ value, label: tScheme(value) }))}
                maw={420}
                data-testid="color-scheme-choice"
              />
              <Text size="sm">{tScheme("description")}</Text>
            </>
          ) : (
            <Text size="sm">{tScheme("unavailable")}</Text>
          )}
        </Stack>
      </Paper>
      {languages.length > 1 ? (
        <Paper withBorder p={{ base: "md", sm: "lg" }} component="section" aria-labelledby={`${schemeId}-language`}>
          <Stack gap="sm">
            <Title order={3} id={`${schemeId}-language`}>
              {t("language")}
            </Title>
            <NativeSelect
              label={t("language-label")}
              description={t("language-help")}
              value={locale}
              onChange={(e) => void chooseLanguage(e.currentTarget.value)}
              data={languages.map((l) => ({ value: l.id, label: l.name }))}
              disabled={busy}
              maw={320}
              data-testid="language-choice"
            />
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
