"use client";

/**
 * What the portal's date pickers share (the chart's custom period, the invoice's new due date):
 * dayjs's month and weekday names in the interface language, weeks from Monday, and what keeps a
 * Mantine calendar accessible. Imported only by the pickers, which are loaded when first needed.
 */
import "@mantine/dates/styles.css";
import { DatesProvider, type CalendarAriaLabels, type DatesProviderSettings } from "@mantine/dates";
import "dayjs/locale/en-gb";
import "dayjs/locale/et";
import "dayjs/locale/fi";
import "dayjs/locale/lv";
import "dayjs/locale/ru";
import "dayjs/locale/sv";
import { useTranslations } from "next-intl";

/** dayjs locale names of the interface locales. */
const DAYJS_LOCALES: Record<string, string> = { "en-GB": "en-gb", "et-EE": "et", "fi-FI": "fi", "sv-FI": "sv", "ru-RU": "ru", "lv-LV": "lv" };

/**
 * Month and weekday names in `locale`, weeks from Monday, and any further settings. Weekends are
 * not set apart: Mantine's red for them is below the contrast minimum.
 */
export function PortalDates({ locale, settings, children }: { locale: string; settings?: Partial<DatesProviderSettings>; children: React.ReactNode }) {
  return <DatesProvider settings={{ locale: DAYJS_LOCALES[locale] ?? "en-gb", firstDayOfWeek: 1, weekendDays: [], ...settings }}>{children}</DatesProvider>;
}

/**
 * The props every picker's calendar takes: names for the previous and next buttons of the month,
 * year and ten-year views, which Mantine leaves without one (the buttons that change the view keep
 * their visible text, "November 2026", as their name); and no days of the neighbouring months,
 * which Mantine dims to half opacity, below the contrast minimum for days that can be chosen.
 */
export function useCalendarProps(): { ariaLabels: CalendarAriaLabels; hideOutsideDates: true } {
  const t = useTranslations("shared.calendar");
  return {
    ariaLabels: {
      previousMonth: t("previous-month"),
      nextMonth: t("next-month"),
      previousYear: t("previous-year"),
      nextYear: t("next-year"),
      previousDecade: t("previous-decade"),
      nextDecade: t("next-decade"),
    },
    hideOutsideDates: true,
  };
}
