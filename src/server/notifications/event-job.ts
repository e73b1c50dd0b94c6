import "server-only";
import type { JobItem } from "@/server/jobs/runtime";
import type { NotificationEvent } from "./notify";

/**
 * The job that announces an event (notification-event): its payload, and the idempotency key that
 * makes the same event announced again reach the customer once. queueNotification sends one;
 * a fan-out to many customers sends many at once with sendJobs.
 */
export function notificationEventJob(event: NotificationEvent): JobItem<NotificationEvent> {
  return { payload: event, options: { idempotencyKey: `${event.siteId}:${event.customerId}:${event.eventKey}` } };
}
