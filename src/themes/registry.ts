import { aaltoTheme } from "./aalto";
import { herrforsTheme } from "./herrfors";
import { ignitisTheme } from "./ignitis";
import { imatraTheme } from "./imatra";
import { imatraelTheme } from "./imatrael";
import { keravaTheme } from "./kerava";
import { kokkolaTheme } from "./kokkola";
import { ksatTheme } from "./ksat";
import { ksoyTheme } from "./ksoy";
import { synerallTheme } from "./synerall";
import { valkeakoskiTheme } from "./valkeakoski";
import { viruevTheme } from "./viruev";
import { voimaTheme } from "./voima";
import { DEFAULT_THEME_ID, THEME_IDS, type PortalTheme, type ThemeId } from "./types";

const THEMES: Readonly<Record<ThemeId, PortalTheme>> = {
  aalto: aaltoTheme,
  herrfors: herrforsTheme,
  ignitis: ignitisTheme,
  imatra: imatraTheme,
  imatrael: imatraelTheme,
  kerava: keravaTheme,
  kokkola: kokkolaTheme,
  ksat: ksatTheme,
  ksoy: ksoyTheme,
  voima: voimaTheme,
  synerall: synerallTheme,
  valkeakoski: valkeakoskiTheme,
  viruev: viruevTheme,
};

export function isThemeId(id: unknown): id is ThemeId {
  return typeof id === "string" && Object.prototype.hasOwnProperty.call(THEMES, id);
}

/** The theme with the given id; unknown ids fall back to the default (voima) theme. */
export function getTheme(id: string | null | undefined): PortalTheme {
  return isThemeId(id) ? THEMES[id] : THEMES[DEFAULT_THEME_ID];
}

/** All themes, in the order of `THEME_IDS`. */
export function allThemes(): PortalTheme[] {
  return THEME_IDS.map((id) => THEMES[id]);
}
