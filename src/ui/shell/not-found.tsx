import { getTranslations } from "next-intl/server";
import buttons from "@/ui/shared/button.module.css";
import classes from "./not-found.module.css";

/**
 * What an unknown address, a foreign id or a language the site does not offer shows: what happened
 * and the way home. Plain elements and a plain link: the not-found boundaries that draw it sit
 * above many pages, and a boundary's code loads with every page below it (decision 0021).
 */
export async function NotFoundContent({ homeHref }: { homeHref: string }) {
  const t = await getTranslations("nav.not-found");
  return (
    <section className={classes.card} data-testid="not-found" aria-labelledby="not-found-title">
      <h1 className={classes.title} id="not-found-title">
        {t("title")}
      </h1>
      <p className={classes.text}>{t("description")}</p>
      <a className={buttons.button} data-variant="filled" href={homeHref} data-testid="not-found-home">
        {t("home")}
      </a>
    </section>
  );
}
