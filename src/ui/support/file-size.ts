import type { Format } from "@/i18n/format";

/** A file's size as a number to write with kB below a megabyte and with MB from there, in the locale's numbers. */
export function fileSize(bytes: number, f: Format): { unit: "kb" | "mb"; size: string } {
  if (bytes < 1024 * 1024) return { unit: "kb", size: f.number(Math.max(1, Math.round(bytes / 1024)), "energyWhole") };
  return { unit: "mb", size: f.number(bytes / (1024 * 1024), "headline") };
}

/** The size limit of an attachment in MB, as the help and error texts write it. */
export const limitInMb = (bytes: number, f: Format) => f.number(bytes / (1024 * 1024), "headline");
