import { notFound } from "next/navigation";

/**
 * Every address under a site that no page answers (the proxy sends an unknown path, and a
 * language prefix the site does not offer, here): the site's own not-found page (../not-found.tsx)
 * in its shell and language, with status 404.
 */
export default function UnknownPage() {
  notFound();
}
