"use client";

import dynamic from "next/dynamic";

/** Its code (and the components it draws with) loads when a page fails, not with every page. */
const ClientErrorPage = dynamic(() => import("@/ui/shared/client-error-page").then((m) => m.ClientErrorPage));

/** A rendering error outside the signed-in area (sign-in pages, previews). */
export default function SiteError({ error }: { error: unknown; retry?: () => void }) {
  return <ClientErrorPage error={error} asMain />;
}
