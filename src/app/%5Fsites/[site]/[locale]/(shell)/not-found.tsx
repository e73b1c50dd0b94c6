import { notFoundContext } from "@/server/web/page-context";
import { NotFoundContent } from "@/ui/shell/not-found";

/** Not found in a shared document's area (the area switched off): the frame stays. */
export default async function PortalNotFound() {
  const { homeHref } = await notFoundContext();
  return <NotFoundContent homeHref={homeHref} />;
}
