import { getTheme } from "@/themes/registry";
import { Text } from "@/ui/shared/plain";

/**
 * The supplier's brand as a person sees it: the theme's mark (a picture with no brand word in it)
 * and the site's own company name as text. One theme serves several suppliers, so the name is
 * always the site's, never the theme's. The mark is decorative: the name beside it says who this is.
 */
export function BrandMark({ themeId, companyName, size = 40 }: { themeId: string; companyName: string; size?: number }) {
  const theme = getTheme(themeId);
  return (
    <span data-testid="brand" style={{ display: "inline-flex", alignItems: "center", gap: 10, minWidth: 0 }}>
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={theme.logo.light} alt="" width={size} height={size} className={`portal-logo-light${theme.logo.dark ? " portal-logo-has-dark" : ""}`} style={{ flex: "none" }} />
      {theme.logo.dark ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img src={theme.logo.dark} alt="" width={size} height={size} className="portal-logo-dark" style={{ flex: "none" }} />
      ) : null}
      <Text component="span" fw={700} fz="lg" truncate translate="no" data-testid="brand-name" style={{ lineHeight: 1.2, color: "inherit", fontFamily: "var(--mantine-font-family-headings)" }}>
        {companyName}
      </Text>
    </span>
  );
}
