import { notFoundContext } from "@/server/web/page-context";
import { NotFoundContent } from "@/ui/shell/not-found";

/**
 * The root layout's not-found page, for what no nearer boundary catches. The site's pages have the
 * branded one in their frame ((site)/not-found.tsx) and sign-in's neighbours their own
 * (auth/not-found.tsx). Plain elements only: a boundary's code loads with every page below it,
 * and this one is above them all (decision 0021).
 */
export default async function RootNotFound() {
  const { homeHref } = await notFoundContext();
  return (
    <main id="main">
      <NotFoundContent homeHref={homeHref} />
    </main>
  );
}
