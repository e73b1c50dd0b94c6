/** Examples in the hints of the settings forms, in the form people of the site's country know. */
const EXAMPLES: Record<string, { phone: string; iban: string; vat: string }> = {
  FI: { phone: "040 123 4567", iban: "FI21 1234 5600 0007 85", vat: "FI12345678" },
  EE: { phone: "5123 4567", iban: "EE38 2200 2210 2014 5685", vat: "EE123456789" },
  LV: { phone: "2123 4567", iban: "LV80 BANK 0000 4351 9500 1", vat: "LV12345678901" },
};

export function formExamples(country: string) {
  return EXAMPLES[country.toUpperCase()] ?? EXAMPLES.FI;
}
