/** Notification subjects, channels and timings (spec §3), shared by the API schemas, services and settings tab. */
export const NOTIFICATION_SUBJECTS = ["invoice-issued", "invoice-due", "payment-received", "spot-price-alert", "contract-ending", "offer-available", "outage", "ticket-answered"] as const;
export type NotificationSubject = (typeof NOTIFICATION_SUBJECTS)[number];

export const NOTIFICATION_CHANNELS = ["None", "Email", "Gsm", "Post", "PushNotification"] as const;
export type NotificationChannelName = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_TIMINGS = ["Always", "NoNightHours", "SendAfterNightHours"] as const;
export type NotificationTimingName = (typeof NOTIFICATION_TIMINGS)[number];

/** Night hours in the site's timezone: from 22:00 until 07:00. */
export const NIGHT_START_HOUR = 22;
export const NIGHT_END_HOUR = 7;
