/** How strongly an announcement is shown. */
export const SEVERITIES = ["info", "warning", "critical"] as const;
export type Severity = (typeof SEVERITIES)[number];

/** An announcement as shown to customers. */
export interface AnnouncementView {
  id: string;
  title: string;
  /** Sanitized HTML: formatting and links only, links open in a new tab without opener or referrer. */
  content: string;
  severity: Severity;
  publishedAt: string;
  expiresAt: string | null;
}
