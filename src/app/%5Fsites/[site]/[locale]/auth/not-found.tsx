import { notFoundContext } from "@/server/web/page-context";
import { NotFoundContent } from "@/ui/shell/not-found";

/**
 * Not found on sign-in's neighbours (a sandbox sign-in step with nothing to show): the card alone,
 * inside the sign-in background and language choice. Plain elements only: a boundary's code loads
 * with every page below it, sign-in among them (decision 0021).
 */
export default async function AuthNotFound() {
  const { homeHref } = await notFoundContext();
  return <NotFoundContent homeHref={homeHref} />;
}
