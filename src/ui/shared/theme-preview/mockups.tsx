import { Box } from "@mantine/core";
import type { PortalTheme } from "@/themes/types";

const bar = (width: string, color: string, height = 6) => <Box w={width} h={height} style={{ background: color, borderRadius: 3 }} />;

/** A small drawing of a theme's sign-in page: its background, a card with the logo and a button. */
export function SignInMockup({ theme, scheme, label }: { theme: PortalTheme; scheme: "light" | "dark"; label: string }) {
  const logo = scheme === "dark" && theme.logo.dark ? theme.logo.dark : theme.logo.light;
  return (
    <Box
      role="img"
      aria-label={label}
      h={180}
      p="md"
      style={{
        backgroundImage: `url(${theme.signInBackground})`,
        backgroundSize: "cover",
        backgroundPosition: "center",
        borderRadius: 8,
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
      }}
    >
      <Box w="70%" p="sm" style={{ background: theme.surface[scheme], borderRadius: 8, boxShadow: "0 2px 8px rgba(0,0,0,.2)", display: "flex", flexDirection: "column", gap: 8 }}>
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img src={logo} alt="" style={{ height: 18, width: "auto", alignSelf: "flex-start" }} />
        {bar("60%", theme.text[scheme], 8)}
        {bar("90%", theme.text[scheme], 4)}
        <Box h={18} style={{ background: theme.primary[theme.primaryShade[scheme]], borderRadius: Math.min(theme.buttonRadius, 9) }} />
      </Box>
    </Box>
  );
}

/** A small drawing of a theme's home page: header with the logo, a title and three tiles. */
export function HomeMockup({ theme, scheme, label }: { theme: PortalTheme; scheme: "light" | "dark"; label: string }) {
  const logo = scheme === "dark" && theme.logo.dark ? theme.logo.dark : theme.logo.light;
  return (
    <Box role="img" aria-label={label} h={180} style={{ background: theme.background[scheme], borderRadius: 8, overflow: "hidden", border: "1px solid rgba(127,127,127,.35)" }}>
      <Box
        h={Math.round(theme.headerHeight / 3)}
        px={8}
        style={{ background: theme.header[scheme].background, display: "flex", alignItems: "center", justifyContent: "space-between", borderBottom: "1px solid rgba(127,127,127,.25)" }}
      >
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img src={logo} alt="" style={{ height: 14, width: "auto" }} />
        {bar("30%", theme.header[scheme].text, 4)}
      </Box>
      <Box p={10} style={{ display: "flex", flexDirection: "column", gap: 8 }}>
        {bar("50%", theme.text[scheme], 8)}
        <Box style={{ display: "grid", gridTemplateColumns: "1fr 1fr 1fr", gap: 6 }}>
          {(["electricity", "gas", "heating"] as const).map((u) => (
            <Box key={u} h={56} p={6} style={{ background: theme.surface[scheme], borderRadius: 6, borderTop: `3px solid ${theme.utilityColors[u]}` }}>
              {bar("70%", theme.text[scheme], 4)}
            </Box>
          ))}
        </Box>
        <Box h={14} w="35%" style={{ background: theme.primary[theme.primaryShade[scheme]], borderRadius: Math.min(theme.buttonRadius, 7) }} />
      </Box>
    </Box>
  );
}
