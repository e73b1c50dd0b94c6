"use client";

import { ClientErrorPage } from "@/ui/shared/client-error-page";

/** A rendering error inside the signed-in area: the header and footer stay. */
export default function PortalError({ error }: { error: unknown; retry?: () => void }) {
  return <ClientErrorPage error={error} />;
}
