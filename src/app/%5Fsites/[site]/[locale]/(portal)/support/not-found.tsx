import { ChatIcon } from "@/ui/shared/line-icons";
import { RecordNotFound } from "@/ui/shared/record-not-found";

/** A ticket id that is not the active customer's (or does not exist). */
export default function TicketNotFound() {
  return <RecordNotFound namespace="support-pages" area="/support" icon={<ChatIcon size={28} />} testId="ticket-not-found" />;
}
