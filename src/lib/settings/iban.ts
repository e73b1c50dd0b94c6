import { electronicFormatIBAN, extractIBAN, friendlyFormatIBAN, isValidIBAN } from "ibantools";

/**
 * IBANs as the settings take and show them: typed with or without spaces, in any case; stored in
 * the electronic form (FI2112345600000785) and shown in groups of four (FI21 1234 5600 0007 85).
 */
export function normalizeIban(value: string): string | null {
  const electronic = electronicFormatIBAN(value.replace(/[\s-]/g, ""));
  if (!electronic || electronic.length > 34 || !isValidIBAN(electronic)) return null;
  return electronic;
}

export function formatIban(electronic: string): string {
  return friendlyFormatIBAN(electronic) ?? electronic;
}

/**
 * The national bank codes of the countries the portal serves, to the bank's BIC: Finland by the
 * first digits of the account (Finance Finland's list of Finnish monetary institution codes),
 * Estonia by the two-digit bank code, Latvia by the four-letter code (the BIC's first letters).
 */
const FI_PREFIXES: [string, string][] = [
  ["405", "HELSFIHH"],
  ["497", "HELSFIHH"],
  ["470", "POPFFI22"],
  ["471", "POPFFI22"],
  ["472", "POPFFI22"],
  ["473", "POPFFI22"],
  ["474", "POPFFI22"],
  ["475", "POPFFI22"],
  ["476", "POPFFI22"],
  ["477", "POPFFI22"],
  ["478", "POPFFI22"],
  ["713", "CITIFIHX"],
  ["715", "ITELFIHH"],
  ["717", "BIGKFIH1"],
  ["799", "HOLVFIHH"],
  ["31", "HANDFIHH"],
  ["33", "ESSEFIHX"],
  ["34", "DABAFIHX"],
  ["36", "SBANFIHH"],
  ["37", "DNBAFIHX"],
  ["38", "SWEDFIHH"],
  ["39", "SBANFIHH"],
  ["1", "NDEAFIHH"],
  ["2", "NDEAFIHH"],
  ["4", "ITELFIHH"],
  ["5", "OKOYFIHH"],
  ["6", "AABAFI22"],
  ["8", "DABAFIHH"],
];

const EE_CODES: Record<string, string> = {
  "10": "EEUHEE2X",
  "12": "PARXEE22",
  "17": "RIKOEE22",
  "22": "HABAEE2X",
  "33": "DABAEE2X",
  "42": "EKRDEE22",
  "77": "LHVBEE22",
  "96": "RIKOEE22",
};

const LV_CODES: Record<string, string> = {
  HABA: "HABALV22",
  UNLA: "UNLALV2X",
  PARX: "PARXLV22",
  RIKO: "RIKOLV2X",
  NDEA: "RIKOLV2X",
  RTMB: "RTMBLV2X",
  LHVB: "LHVBLV22",
};

/** The BIC of the bank an IBAN belongs to, when the portal knows the country's bank codes. */
export function bicForIban(electronic: string): string | null {
  const parts = extractIBAN(electronic);
  if (!parts.valid || !parts.bban) return null;
  const bban = parts.bban;
  switch (parts.countryCode) {
    case "FI":
      return FI_PREFIXES.find(([prefix]) => bban.startsWith(prefix))?.[1] ?? null;
    case "EE":
      return EE_CODES[bban.slice(0, 2)] ?? null;
    case "LV":
      return LV_CODES[bban.slice(0, 4)] ?? null;
    default:
      return null;
  }
}
