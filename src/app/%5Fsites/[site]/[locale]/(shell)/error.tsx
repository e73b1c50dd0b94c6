"use client";

import dynamic from "next/dynamic";

/** Its code (and the components it draws with) loads when a page fails, not with every page. */
const ClientErrorPage = dynamic(() => import("@/ui/shared/client-error-page").then((m) => m.ClientErrorPage));

/** A rendering error inside a shared document's frame: the header and footer stay. */
export default function PortalError({ error }: { error: unknown; retry?: () => void }) {
  return <ClientErrorPage error={error} />;
}
