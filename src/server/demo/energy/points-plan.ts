import "server-only";
import { Prng } from "../prng";
import type { DemoCustomer, DemoPlan } from "../plan";
import type { LoadProfile } from "./loads";
import { WEATHER_AREAS } from "./weather";

export interface DemoContract {
  productName: string;
  priceModel: "Hourly" | "Fixed";
  marginCentsPerKwh: number;
  fixedCentsPerKwh: number | null;
  dayCentsPerKwh: number | null;
  nightCentsPerKwh: number | null;
  monthlyFeeCents: number;
  validFrom: string;
  validTo: string | null;
}

export interface DemoPoint {
  id: string;
  customerId: string;
  gsrn: string;
  energyKind: "electricity" | "gas" | "heating";
  usagePointKind: "UsagePoint" | "TechAndUsagePoint";
  street: string;
  postalCode: string;
  city: string;
  locationId: string;
  locationName: string;
  meterNumber: string;
  eicCode: string | null;
  biddingZone: "FI" | "EE" | "LV";
  weatherArea: string;
  intervalMinutes: 5 | 15 | 60;
  hasProduction: boolean;
  /** Persona customers keep full-resolution history; the rest of the base is metered hourly. */
  persona: boolean;
  load: LoadProfile;
  contracts: DemoContract[];
}

/** GS1 mod-10 check digit over the first 17 digits. */
export function gs1CheckDigit(digits17: string): number {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(digits17[16 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

const EIC_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-";
/** The ENTSO-E EIC check character of the first 15 characters. */
export function eicCheckChar(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i++) sum += EIC_ALPHABET.indexOf(first15[i]) * (16 - i);
  return EIC_ALPHABET[36 - ((sum - 1) % 37)];
}

const GS1_PREFIX = { FI: "643", EE: "474", LV: "475" } as const;

const PRODUCTS = {
  FI: { spot: "Pörssisähkö", fixed: "Kiinteä hinta 12 kk", dayNight: "Yösähkö kiinteä", heat: "Kaukolämpö", gas: "Kaasu kiinteä" },
  EE: { spot: "Börsihind", fixed: "Fikseeritud hind 12 kuud", dayNight: "Päev/öö fikseeritud", heat: "Kaugküte", gas: "Maagaas fikseeritud" },
  LV: { spot: "Biržas cena", fixed: "Fiksētā cena 12 mēn.", dayNight: "Diena/nakts fiksētā", heat: "Centralizētā siltumapgāde", gas: "Dabasgāze fiksētā" },
} as const;

/** The demo metering points of a site, a pure function of its plan: same plan, same points. */
export function planDemoPoints(plan: DemoPlan): DemoPoint[] {
  const { site } = plan;
  const country = site.country;
  const area = WEATHER_AREAS[country];
  const products = PRODUCTS[country];
  const points: DemoPoint[] = [];
  const relativeIds = new Set(plan.representations.map((r) => r.customerId));
  const isPersona = (c: DemoCustomer) => !!c.owner?.persona || relativeIds.has(c.id);

  for (const c of plan.customers) {
    if (c.noData) continue;
    const prng = new Prng(`${site.id}:metering:${c.id}`);
    const persona = isPersona(c);
    const personaName = c.owner?.persona ?? null;
    const locationId = prng.uuid();
    const locationName = c.street;
    const newGsrn = () => {
      const body = `${GS1_PREFIX[country]}${String(prng.int(100000, 999999))}${String(prng.int(10000000, 99999999))}`;
      return body + gs1CheckDigit(body);
    };
    const newEic = (kind: string) => {
      if (country === "FI") return null;
      const head =
        country === "EE" ? `38ZEE-${kind === "electricity" ? "1" : "5"}${String(prng.int(1000000, 9999999))}` : `43ZLV-${kind === "electricity" ? "2" : "6"}${String(prng.int(1000000, 9999999))}`;
      const first15 = `${head}-`.slice(0, 15);
      return first15 + eicCheckChar(first15);
    };
    const since = `${2022 + prng.int(0, 2)}-${String(prng.int(1, 12)).padStart(2, "0")}-01`;

    // Electricity for everyone.
    const fiveMinute = site.id === "aurora" && (personaName === "solar-household" || (c.kind === "legal" && c.owner?.persona === "company-owner"));
    const interval: 5 | 15 | 60 = fiveMinute ? 5 : persona ? 15 : 60;
    const electricHeating = c.heating === "electric" || c.heating === "heat-pump";
    const loadKind = c.dwelling === "office" ? "office" : c.dwelling === "warehouse" ? "warehouse" : "household";
    const solarKwp = c.solar ? (c.kind === "legal" ? prng.int(15, 40) : prng.int(5, 11)) : 0;
    const elecContract = (): DemoContract[] => {
      const monthlyFeeCents = prng.pick([295, 349, 395, 449, 495]);
      const spot: DemoContract = {
        productName: products.spot,
        priceModel: "Hourly",
        marginCentsPerKwh: prng.pick([0.29, 0.35, 0.39, 0.45, 0.49, 0.59]),
        fixedCentsPerKwh: null,
        dayCentsPerKwh: null,
        nightCentsPerKwh: null,
        monthlyFeeCents,
        validFrom: since,
        validTo: null,
      };
      const fixedPrice = Math.round((country === "FI" ? 7.2 + prng.next() * 4 : 10.5 + prng.next() * 4) * 100) / 100;
      const fixed: DemoContract = { ...spot, productName: products.fixed, priceModel: "Fixed", marginCentsPerKwh: 0, fixedCentsPerKwh: fixedPrice };
      const dayNight: DemoContract = {
        ...fixed,
        productName: products.dayNight,
        fixedCentsPerKwh: null,
        dayCentsPerKwh: Math.round((fixedPrice + 1.4) * 100) / 100,
        nightCentsPerKwh: Math.round((fixedPrice - 1.9) * 100) / 100,
      };
      if (personaName === "solar-household" || personaName === "company-owner") return [spot];
      if (personaName === "apartment" || personaName === "representative") return [fixed];
      if (personaName === "house-gas") {
        // Switched from a fixed price to spot half a year ago: charts show the change.
        const switchDate = new Date();
        switchDate.setUTCDate(1);
        switchDate.setUTCMonth(switchDate.getUTCMonth() - 6);
        const iso = switchDate.toISOString().slice(0, 10);
        const before = new Date(Date.parse(iso) - 86_400_000).toISOString().slice(0, 10);
        return [
          { ...fixed, validTo: before },
          { ...spot, validFrom: iso },
        ];
      }
      if (c.heating === "electric" && c.dwelling === "house" && prng.chance(0.5)) return [dayNight];
      return prng.chance(0.7) ? [spot] : [fixed];
    };
    points.push({
      id: prng.uuid(),
      customerId: c.id,
      gsrn: newGsrn(),
      energyKind: "electricity",
      usagePointKind: c.kind === "legal" && c.dwelling === "warehouse" ? "TechAndUsagePoint" : "UsagePoint",
      street: c.street,
      postalCode: c.postalCode,
      city: c.city,
      locationId,
      locationName,
      meterNumber: String(prng.int(10000000, 99999999)),
      eicCode: newEic("electricity"),
      biddingZone: country,
      weatherArea: area.id,
      intervalMinutes: interval,
      hasProduction: c.solar,
      persona,
      load: {
        key: `${site.id}:${c.id}:el`,
        kind: loadKind,
        heating: electricHeating ? c.heating : "district",
        dwelling: c.dwelling,
        annualKwh: c.annualKwh,
        sauna: country === "FI" && c.dwelling === "house",
        ev: c.kind === "private" && c.dwelling === "house" && prng.chance(0.3),
        solarKwp,
      },
      contracts: elecContract(),
    });

    // District heating or gas as the second point.
    const heat = c.heating === "district" ? "heating" : c.heating === "gas" ? "gas" : null;
    if (heat) {
      const heatKwh = c.dwelling === "apartment" ? prng.int(5000, 9000) : c.kind === "legal" ? prng.int(60000, 220000) : prng.int(14000, 24000);
      points.push({
        id: prng.uuid(),
        customerId: c.id,
        gsrn: newGsrn(),
        energyKind: heat,
        usagePointKind: "UsagePoint",
        street: c.street,
        postalCode: c.postalCode,
        city: c.city,
        locationId,
        locationName,
        meterNumber: String(prng.int(10000000, 99999999)),
        eicCode: heat === "gas" ? newEic("gas") : null,
        biddingZone: country,
        weatherArea: area.id,
        intervalMinutes: 60,
        hasProduction: false,
        persona,
        load: {
          key: `${site.id}:${c.id}:${heat}`,
          kind: heat === "heating" ? "district-heat" : "gas",
          heating: c.heating,
          dwelling: c.dwelling,
          annualKwh: heatKwh,
          sauna: false,
          ev: false,
          solarKwp: 0,
        },
        contracts: [
          {
            productName: heat === "heating" ? products.heat : products.gas,
            priceModel: "Fixed",
            marginCentsPerKwh: 0,
            fixedCentsPerKwh: heat === "heating" ? Math.round((7.4 + prng.next() * 3) * 100) / 100 : Math.round((5.2 + prng.next() * 2.2) * 100) / 100,
            dayCentsPerKwh: null,
            nightCentsPerKwh: null,
            monthlyFeeCents: heat === "heating" ? (c.dwelling === "apartment" ? prng.int(900, 1900) : prng.int(2500, 9500)) : prng.pick([390, 490, 690]),
            validFrom: since,
            validTo: null,
          },
        ],
      });
    }
  }
  return points;
}
