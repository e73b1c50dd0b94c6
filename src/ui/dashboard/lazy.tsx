"use client";

import dynamic from "next/dynamic";
import { DashboardPlaceholder } from "./placeholders";

/**
 * The dashboard's live part in a chunk of its own: the server renders its loading state, its code
 * follows the page's first scripts (decision 0028). Until the code is there after a client-side
 * navigation, the placeholder holds the heading's, the name's and the cards' places.
 */
export const DashboardLive = dynamic(() => import("./dashboard-live").then((m) => m.DashboardLive), { loading: DashboardPlaceholder });
