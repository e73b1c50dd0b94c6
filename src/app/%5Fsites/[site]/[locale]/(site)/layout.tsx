import type { ReactNode } from "react";

/**
 * The pages without a frame of their own (accessibility statement, theme preview, sandboxes,
 * development pages) and the unknown-address catch-all. The group exists for its not-found page,
 * which draws the whole frame (header menus, toggles, links): a boundary's code loads with every
 * page below it, and Next.js renders the boundary on every request below it. Sign-in has its own,
 * lighter one (../auth/not-found.tsx, decision 0021); the signed-in area (../(portal)) draws its
 * frame in its layout and has its own card (decision 0023).
 */
export default function SiteLayout({ children }: { children: ReactNode }) {
  return children;
}
