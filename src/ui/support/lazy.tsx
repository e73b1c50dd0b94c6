"use client";

import dynamic from "next/dynamic";

/** The new-ticket form in a chunk of its own: rendered on the server, its code follows the page's first scripts (decision 0028). */
export const NewTicket = dynamic(() => import("./new-ticket").then((m) => m.NewTicket));
