/** The queue filters' choices, shared by the page that reads the URL and the filters that write it. */
export const AGE_HOURS = [4, 24, 72, 168] as const;
export const STATUS_FILTERS = ["active", "all", "OPEN", "ASSIGNED", "RESOLVED", "CANCELLED"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface QueueFilterValues {
  status: StatusFilter;
  topic: string;
  age: string;
  assignee: string;
}
