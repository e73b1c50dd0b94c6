"use client";

import dynamic from "next/dynamic";

/**
 * The API access panels and the guide's copy buttons, each in a chunk of its own: the server
 * renders them in full, their code follows the page's first scripts (decision 0028).
 */
export const TokensPanel = dynamic(() => import("./tokens-panel").then((m) => m.TokensPanel));
export const SpreadsheetPanel = dynamic(() => import("./spreadsheet-panel").then((m) => m.SpreadsheetPanel));
export const CalendarPanel = dynamic(() => import("./calendar-panel").then((m) => m.CalendarPanel));
export const CopyCode = dynamic(() => import("./copy-code").then((m) => m.CopyCode));
