import type { ReactNode } from "react";
import { EmptyState } from "@/ui/shared/empty-state";
import { FileIcon } from "@/ui/shared/line-icons";

/** The shared empty-state box with the invoices' file icon. */
export function InvoiceEmptyState({ title, description, action, testId = "invoices-empty" }: { title: string; description: string; action?: ReactNode; testId?: string }) {
  return <EmptyState icon={<FileIcon size={28} />} title={title} description={description} action={action} titleOrder={2} data-testid={testId} />;
}
