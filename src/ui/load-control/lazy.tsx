"use client";

import dynamic from "next/dynamic";

/** The relay controls and their history in a chunk of their own: rendered on the server, their code follows the page's first scripts (decision 0028). */
export const RelayControl = dynamic(() => import("./relay-control").then((m) => m.RelayControl));
export const RelayHistory = dynamic(() => import("./relay-control").then((m) => m.RelayHistory));
