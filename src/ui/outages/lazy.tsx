"use client";

import dynamic from "next/dynamic";

/** The outage contacts form in a chunk of its own: rendered on the server, its code follows the page's first scripts (decision 0028). */
export const OutageContactsPanel = dynamic(() => import("./outage-contacts-panel").then((m) => m.OutageContactsPanel));
