"use client";

import { ClientErrorPage } from "@/ui/shared/client-error-page";

/** A rendering error outside the signed-in area (sign-in pages, previews). */
export default function SiteError({ error }: { error: unknown; retry?: () => void }) {
  return <ClientErrorPage error={error} asMain />;
}
