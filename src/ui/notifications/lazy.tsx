"use client";

import dynamic from "next/dynamic";

/**
 * The notification settings, the push panel and the inbox list, each in a chunk of its own: the
 * server renders them in full, their code follows the page's first scripts (decision 0028).
 */
export const NotificationSettingsPanel = dynamic(() => import("./notification-settings-panel").then((m) => m.NotificationSettingsPanel));
export const PushPanel = dynamic(() => import("./push-panel").then((m) => m.PushPanel));
export const InboxList = dynamic(() => import("./inbox-list").then((m) => m.InboxList));
