import type { ReactElement } from "react";

/** Small line icons (decorative: the text next to them carries the meaning). */
const PATHS: Record<string, ReactElement> = {
  home: <path d="M3 11.5 12 4l9 7.5M5.5 10v10h13V10M10 20v-6h4v6" />,
  dashboard: <path d="M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z" />,
  charts: <path d="M4 20h16M7 16v-5M12 16V6M17 16v-8" />,
  invoices: <path d="M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h4" />,
  contracts: <path d="M7 3h7l4 4v14H7zM14 3v4h4M10 12h5M10 16h5" />,
  outages: <path d="M13 3 5 14h6l-1 7 8-11h-6z" />,
  support: <path d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17.5v.01" />,
  inbox: <path d="M4 6h16v12H4zM4 7l8 6 8-6" />,
  "power-control": <path d="M9 3v5M15 3v5M7 8h10v4a5 5 0 0 1-10 0zM12 17v4" />,
  membership: <path d="M3 6h18v12H3zM7 10h4M7 14h6M15 10h2" />,
  settings: (
    <path d="M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 12l2-1-1-3-2 .3-1.5-1.5L17 5l-3-1-1 2h-2l-1-2-3 1 .5 2.3L6 8.8 4 8.5l-1 3 2 1v1l-2 1 1 3 2-.3 1.5 1.5L7 21l3 1 1-2h2l1 2 3-1-.5-2.3 1.5-1.5 2 .3 1-3-2-1z" />
  ),
  cookie: <path d="M21 12.5A9 9 0 1 1 11.5 3a3 3 0 0 0 4 3.5 3 3 0 0 0 4 4 3 3 0 0 0 1.5 2zM8.5 9.5v.01M9 15v.01M14 15.5v.01M12 12v.01" />,
  dot: <circle cx="12" cy="12" r="3" />,
};

export function ShellIcon({ name, size = 22 }: { name: string; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {PATHS[name] ?? PATHS.dot}
    </svg>
  );
}
