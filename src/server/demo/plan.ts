import "server-only";
import { makeEstonianSsn, makeFinnishSsn, makeLatvianSsn } from "@/lib/identity-codes";
import { Prng } from "./prng";
import type { DemoCountry, DemoSite } from "./sites";

/**
 * The demo world of one site, as a pure deterministic plan. Seeders of every area read the same
 * plan (customers, their homes and habits), so the data of later areas fits what exists already.
 */
export type Persona = "solar-household" | "apartment" | "house-gas" | "company-owner" | "representative" | "new-customer" | "customer-service" | "site-admin";

export interface DemoPerson {
  id: string;
  ssn: string;
  firstName: string;
  lastName: string;
  persona: Persona | null;
  email: string;
}

export interface DemoCustomer {
  id: string;
  kind: "private" | "legal";
  clientCode: string;
  representativeCode: string;
  name: string;
  firstName: string | null;
  lastName: string | null;
  registryCode: string | null;
  owner: DemoPerson | null;
  email: string;
  phone: string;
  street: string;
  postalCode: string;
  city: string;
  dwelling: "house" | "apartment" | "office" | "warehouse";
  heating: "electric" | "district" | "gas" | "heat-pump";
  solar: boolean;
  /** Typical yearly consumption in kWh, the scale later seeders use. */
  annualKwh: number;
  /** Whether this customer has no metering data yet (empty states). */
  noData: boolean;
}

export interface DemoPlan {
  site: DemoSite;
  people: DemoPerson[];
  customers: DemoCustomer[];
  staff: { person: DemoPerson; role: "customer_service" | "site_admin" }[];
  /** Pre-existing representations: person acts for customer. */
  representations: { personId: string; customerId: string }[];
  /** Members of the cooperative (sites with the membership area only; empty elsewhere). */
  members: DemoMember[];
}

/** A customer's membership of a cooperative supplier: member number, since when, and shares held. */
export interface DemoMember {
  customerId: string;
  memberNumber: string;
  memberSince: string;
  shares: number;
}

const NAMES: Record<DemoCountry, { first: string[]; last: string[]; streets: string[]; cities: [string, string][]; companies: string[]; phone: string }> = {
  FI: {
    first: ["Aino", "Eero", "Helmi", "Juha", "Kaisa", "Lauri", "Maija", "Mikko", "Noora", "Olli", "Pirjo", "Sami", "Tuula", "Veikko", "Elina", "Antti", "Sanna", "Jari"],
    last: ["Virtanen", "Korhonen", "Mäkinen", "Nieminen", "Mäkelä", "Hämäläinen", "Laine", "Heikkinen", "Koskinen", "Järvinen", "Lehtonen", "Saarinen"],
    streets: ["Koivukuja", "Rantatie", "Mäntytie", "Kirkkokatu", "Asematie", "Pihlajatie", "Kuusitie", "Hämeenkatu", "Puistotie", "Järvenrannantie"],
    cities: [
      ["00100", "Helsinki"],
      ["02100", "Espoo"],
      ["33100", "Tampere"],
      ["20100", "Turku"],
      ["40100", "Jyväskylä"],
      ["15100", "Lahti"],
    ],
    companies: ["Kahvila Kuura Oy", "Rakennus Laine Oy", "Puutarha Vihreä Oy", "Konepaja Koski Oy", "Leipomo Aamu Oy", "Tilitoimisto Tase Oy", "Kauppa Kulma Oy", "Sähköpaja Virta Oy"],
    phone: "+358 40",
  },
  EE: {
    first: ["Mari", "Jaan", "Kadri", "Toomas", "Liis", "Andres", "Kristi", "Peeter", "Triin", "Margus", "Anu", "Rein", "Eveli", "Urmas", "Piret", "Tarmo"],
    last: ["Tamm", "Saar", "Sepp", "Mägi", "Kask", "Kukk", "Rebane", "Ilves", "Pärn", "Koppel", "Lepik", "Kallas"],
    streets: ["Pärnu mnt", "Tartu mnt", "Narva mnt", "Kase tn", "Männi tn", "Vabriku tn", "Mere pst", "Pikk tn", "Lossi tn", "Ranna tee"],
    cities: [
      ["10111", "Tallinn"],
      ["50090", "Tartu"],
      ["80010", "Pärnu"],
      ["20308", "Narva"],
      ["41531", "Jõhvi"],
      ["90502", "Haapsalu"],
    ],
    companies: ["Kohvik Päike OÜ", "Ehitus Tamm OÜ", "Aiandus Roheline OÜ", "Metallitöö Sepp OÜ", "Pagar Hommik OÜ", "Raamatupidamine Bilanss OÜ", "Pood Nurk OÜ", "Elektritöö Vool OÜ"],
    phone: "+372 5",
  },
  LV: {
    first: ["Anna", "Jānis", "Līga", "Andris", "Ilze", "Mārtiņš", "Inese", "Pēteris", "Kristīne", "Edgars", "Dace", "Raivis", "Zane", "Uldis", "Baiba", "Artūrs"],
    last: ["Bērziņš", "Kalniņš", "Ozoliņš", "Liepiņš", "Krūmiņš", "Balodis", "Zariņš", "Vītols", "Kļaviņš", "Jansons", "Ozols", "Lācis"],
    streets: ["Brīvības iela", "Krišjāņa Barona iela", "Elizabetes iela", "Lāčplēša iela", "Dzirnavu iela", "Tērbatas iela", "Meža iela", "Skolas iela", "Upes iela", "Dārza iela"],
    cities: [
      ["LV-1010", "Rīga"],
      ["LV-3001", "Jelgava"],
      ["LV-5401", "Daugavpils"],
      ["LV-3601", "Ventspils"],
      ["LV-2015", "Jūrmala"],
      ["LV-4201", "Valmiera"],
    ],
    companies: [
      "Kafejnīca Saule SIA",
      "Būvniecība Ozols SIA",
      "Dārzniecība Zaļā SIA",
      "Metālapstrāde Kalējs SIA",
      "Maiznīca Rīts SIA",
      "Grāmatvedība Bilance SIA",
      "Veikals Stūris SIA",
      "Elektrodarbi Strāva SIA",
    ],
    phone: "+371 2",
  },
};

/** Latvian feminine surname forms (Bērziņš → Bērziņa, Lācis → Lāce, Jansons → Jansone, Vītols → Vītola). */
function latvianSurname(last: string, female: boolean): string {
  if (!female) return last;
  if (last.endsWith("š")) return `${last.slice(0, -1)}a`;
  if (last.endsWith("is")) return `${last.slice(0, -2)}e`;
  if (last.endsWith("ons")) return `${last.slice(0, -1)}e`;
  if (last.endsWith("s")) return `${last.slice(0, -1)}a`;
  return last;
}

function ascii(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z]/g, "");
}

function makeSsn(country: DemoCountry, prng: Prng, female: boolean, serial: number): string {
  const year = prng.int(1945, 1998);
  const month = prng.int(1, 12);
  const day = prng.int(1, 28);
  if (country === "FI") return makeFinnishSsn(year, month, day, serial);
  if (country === "EE") return makeEstonianSsn(year, month, day, serial, female);
  return makeLatvianSsn(year, month, day, serial);
}

function registryCode(country: DemoCountry, prng: Prng): string {
  if (country === "FI") {
    const base = String(prng.int(1000000, 3299999));
    const w = [7, 9, 10, 5, 8, 4, 2];
    const r = [...base].reduce((s, d, i) => s + Number(d) * w[i], 0) % 11;
    if (r === 1) return registryCode(country, prng);
    return `${base}-${r === 0 ? 0 : 11 - r}`;
  }
  if (country === "EE") return String(prng.int(10000000, 16999999));
  return `4000${prng.int(1000000, 9999999)}`;
}

const FEMALE_FIRST = new Set([
  "Aino",
  "Helmi",
  "Kaisa",
  "Maija",
  "Noora",
  "Pirjo",
  "Tuula",
  "Elina",
  "Sanna",
  "Mari",
  "Kadri",
  "Liis",
  "Kristi",
  "Triin",
  "Anu",
  "Eveli",
  "Piret",
  "Anna",
  "Līga",
  "Ilze",
  "Inese",
  "Kristīne",
  "Dace",
  "Zane",
  "Baiba",
]);

export function planDemo(site: DemoSite): DemoPlan {
  const prng = new Prng(site.seed);
  const names = NAMES[site.country];
  const people: DemoPerson[] = [];
  const usedNames = new Set<string>();

  const newPerson = (persona: Persona | null): DemoPerson => {
    let first = "";
    let last = "";
    for (let tries = 0; tries < 50; tries++) {
      first = prng.pick(names.first);
      last = prng.pick(names.last);
      if (!usedNames.has(`${first} ${last}`)) break;
    }
    usedNames.add(`${first} ${last}`);
    const female = FEMALE_FIRST.has(first);
    if (site.country === "LV") last = latvianSurname(last, female);
    const person: DemoPerson = {
      id: prng.id("p_"),
      ssn: makeSsn(site.country, prng, female, people.length * 7 + 11),
      firstName: first,
      lastName: last,
      persona,
      email: `${ascii(first)}.${ascii(last)}@example.com`,
    };
    people.push(person);
    return person;
  };

  const customers: DemoCustomer[] = [];
  let clientSeq = site.country === "FI" ? 100001 : site.country === "EE" ? 200001 : 300001;
  const repCode = () => {
    const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    const part = () => Array.from({ length: 4 }, () => alphabet[prng.int(0, alphabet.length - 1)]).join("");
    return `${part()}-${part()}`;
  };
  const address = () => {
    const [postalCode, city] = prng.pick(names.cities);
    return { street: `${prng.pick(names.streets)} ${prng.int(1, 60)}`, postalCode, city };
  };
  const phone = () => `${names.phone}${prng.int(1000000, 9999999)}`;

  const addPrivate = (owner: DemoPerson, traits: Partial<DemoCustomer>): DemoCustomer => {
    const dwelling = traits.dwelling ?? (prng.chance(0.55) ? "house" : "apartment");
    const heating = traits.heating ?? (dwelling === "apartment" ? "district" : prng.pick(["electric", "heat-pump", "district", "electric"] as const));
    const c: DemoCustomer = {
      id: prng.uuid(),
      kind: "private",
      clientCode: String(clientSeq++),
      representativeCode: repCode(),
      name: `${owner.firstName} ${owner.lastName}`,
      firstName: owner.firstName,
      lastName: owner.lastName,
      registryCode: null,
      owner,
      email: owner.email,
      phone: phone(),
      ...address(),
      dwelling,
      heating,
      solar: traits.solar ?? (dwelling === "house" && prng.chance(0.3)),
      annualKwh: dwelling === "apartment" ? prng.int(1800, 4500) : heating === "electric" ? prng.int(14000, 22000) : prng.int(5000, 11000),
      noData: traits.noData ?? false,
    };
    customers.push(c);
    return c;
  };

  const addLegal = (owner: DemoPerson | null, company: string): DemoCustomer => {
    const c: DemoCustomer = {
      id: prng.uuid(),
      kind: "legal",
      clientCode: String(clientSeq++),
      representativeCode: repCode(),
      name: company,
      firstName: null,
      lastName: null,
      registryCode: registryCode(site.country, prng),
      owner,
      email: `info@${ascii(company.split(" ")[0])}.example`,
      phone: phone(),
      ...address(),
      dwelling: prng.chance(0.5) ? "office" : "warehouse",
      heating: prng.pick(["district", "electric", "heat-pump"] as const),
      solar: prng.chance(0.35),
      annualKwh: prng.int(25000, 180000),
      noData: false,
    };
    customers.push(c);
    return c;
  };

  // Named demo personas first: these are the people the sign-in page offers.
  const solar = newPerson("solar-household");
  addPrivate(solar, { dwelling: "house", heating: "electric", solar: true });
  const apartment = newPerson("apartment");
  addPrivate(apartment, { dwelling: "apartment", heating: "district", solar: false });
  const gas = newPerson("house-gas");
  addPrivate(gas, { dwelling: "house", heating: site.country === "FI" ? "heat-pump" : "gas", solar: false });
  const owner = newPerson("company-owner");
  addPrivate(owner, { dwelling: "house", heating: "heat-pump", solar: true });
  addLegal(owner, names.companies[0]);
  const representative = newPerson("representative");
  addPrivate(representative, { dwelling: "apartment", heating: "district" });
  const fresh = newPerson("new-customer");
  addPrivate(fresh, { dwelling: "apartment", heating: "district", noData: true });

  // The rest of the customer base.
  while (customers.filter((c) => c.kind === "private").length < 24) addPrivate(newPerson(null), {});
  for (const company of names.companies.slice(1)) addLegal(prng.chance(0.5) ? newPerson(null) : null, company);

  // The representative already acts for an elderly relative's account.
  const relative = customers.find((c) => c.kind === "private" && c.owner && c.owner.persona === null && c.dwelling === "house") ?? customers[8];
  const representations = [{ personId: representative.id, customerId: relative.id }];

  const staff = [
    { person: newPerson("customer-service"), role: "customer_service" as const },
    { person: newPerson("site-admin"), role: "site_admin" as const },
  ];

  return { site, people, customers, staff, representations, members: planMembers(site, customers) };
}

/**
 * The cooperative's members: most households and a few companies own shares, the demo personas
 * with a home of their own among them (the new customer has not joined yet). A generator of its
 * own, so the rest of the plan stays as it was.
 */
function planMembers(site: DemoSite, customers: DemoCustomer[]): DemoMember[] {
  if (!site.features.includes("membership")) return [];
  const prng = new Prng(`${site.seed}:members`);
  const personas = new Set(["solar-household", "apartment", "house-gas", "company-owner"]);
  let serial = 1000;
  return customers
    .filter((c) => (c.owner?.persona && personas.has(c.owner.persona)) || (!c.noData && prng.chance(c.kind === "private" ? 0.6 : 0.3)))
    .map((c) => ({
      customerId: c.id,
      memberNumber: String((serial += prng.int(1, 40))),
      memberSince: `${prng.int(1994, 2023)}-${String(prng.int(1, 12)).padStart(2, "0")}-${String(prng.int(1, 28)).padStart(2, "0")}`,
      shares: c.kind === "legal" ? prng.int(5, 40) : prng.int(1, 12),
    }));
}
