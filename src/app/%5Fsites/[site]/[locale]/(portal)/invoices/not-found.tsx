import { FileIcon } from "@/ui/shared/line-icons";
import { RecordNotFound } from "@/ui/shared/record-not-found";

/** An invoice number that is not the active customer's (or does not exist). */
export default function InvoiceNotFound() {
  return <RecordNotFound namespace="invoice-pages" area="/invoices" icon={<FileIcon size={28} />} testId="invoice-not-found" />;
}
