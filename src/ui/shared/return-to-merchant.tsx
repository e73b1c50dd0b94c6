"use client";

import { useEffect } from "react";

/**
 * Leaves a provider's page for the address the provider answered with. The effect does it once
 * the page is hydrated; the refresh tag does it when the choice was posted before it was (the
 * server renders the answer into the page, and the browser follows the tag without script).
 */
export function ReturnToMerchant({ to }: { to?: string }) {
  useEffect(() => {
    if (to) window.location.assign(to);
  }, [to]);
  return to ? <meta httpEquiv="refresh" content={`0;url=${to}`} /> : null;
}
