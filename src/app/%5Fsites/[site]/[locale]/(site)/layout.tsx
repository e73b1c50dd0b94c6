import type { ReactNode } from "react";

/**
 * Every page of the site but sign-in and its neighbours (../auth). The group exists for its
 * not-found page: a boundary's code loads with every page below it, and the branded not-found
 * page draws the whole frame (header menus, toggles, links). Sign-in has its own, lighter one
 * (../auth/not-found.tsx). Decision 0021.
 */
export default function SiteLayout({ children }: { children: ReactNode }) {
  return children;
}
