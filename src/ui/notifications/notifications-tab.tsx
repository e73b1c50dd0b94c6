import { getMessages } from "next-intl/server";
import { AREA_MESSAGES } from "@/i18n/client-messages";
import { browserMessages } from "@/i18n/browser-messages";
import { MessagesScope } from "@/ui/messages-scope";
import type { NotificationSettingsPanel as Panel } from "./notification-settings-panel";
import { NotificationSettingsPanel, PushPanel } from "./lazy";

type Props = Parameters<typeof Panel>[0];

/** The notifications tab of the settings page, with the messages its client components read. */
export async function NotificationsTab(props: Props) {
  return (
    <MessagesScope messages={browserMessages(await getMessages(), AREA_MESSAGES.notifications)}>
      <NotificationSettingsPanel {...props} />
    </MessagesScope>
  );
}

/** The push notifications tab of the settings page, with the messages its client component reads. */
export async function PushTab() {
  return (
    <MessagesScope messages={browserMessages(await getMessages(), AREA_MESSAGES.notifications)}>
      <PushPanel />
    </MessagesScope>
  );
}
