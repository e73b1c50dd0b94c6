"use client";

import dynamic from "next/dynamic";

/** The billing channel's button and dialog in a chunk of their own: rendered on the server, their code follows the page's first scripts (decision 0028). */
export const BillingChannelButton = dynamic(() => import("./billing-channel-button").then((m) => m.BillingChannelButton));
