import { notFoundContext } from "@/server/web/page-context";
import { NotFoundContent } from "@/ui/shell/not-found";

/** Not found in the signed-in area (an area switched off, an id that is not the customer's): the portal's layout keeps its shell. */
export default async function PortalNotFound() {
  const { homeHref } = await notFoundContext();
  return <NotFoundContent homeHref={homeHref} />;
}
