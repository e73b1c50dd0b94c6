import type { ReactNode } from "react";
import { EmptyState } from "@/ui/shared/empty-state";
import { ChatIcon } from "@/ui/shared/line-icons";

/** The shared empty-state box with the support area's speech-bubble icon. */
export function SupportEmptyState({ title, description, action, testId = "tickets-empty" }: { title: string; description: string; action?: ReactNode; testId?: string }) {
  return <EmptyState icon={<ChatIcon size={28} />} title={title} description={description} action={action} titleOrder={2} data-testid={testId} />;
}
