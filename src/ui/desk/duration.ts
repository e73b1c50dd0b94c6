type Translate = (key: "minutes" | "hours" | "days", values: Record<string, number>) => string;

/** How long something took, in words: minutes below an hour, hours and minutes below two days, then days and hours. */
export function duration(seconds: number, t: Translate): string {
  const minutes = Math.max(0, Math.round(seconds / 60));
  if (minutes < 60) return t("minutes", { minutes });
  if (minutes < 48 * 60) return t("hours", { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  return t("days", { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60) });
}
