import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { contractOffers, contractProducts, customerTargetGroups, energyContracts, meteringPoints, productPriceComponents, type BillingChannel, type ContractType } from "@/server/db/schema";
import type { PriceComponentType, ProductPriceModel, OfferVisibility } from "@/server/db/schema/contracts";
import { addDays, todayIn } from "@/lib/invoices/dates";
import { Prng } from "@/server/demo/prng";
import type { Seeder } from "@/server/demo/seeder";
import type { DemoPlan } from "@/server/demo/plan";
import { RENEWAL_WINDOW_DAYS } from "./rules";
import { eicCheckChar, gs1CheckDigit } from "@/server/demo/energy/points-plan";

type Country = "FI" | "EE" | "LV";
type EnergyKind = "electricity" | "gas" | "heating";

interface DemoProduct {
  code: string;
  names: Record<Country, string>;
  energyKind: EnergyKind;
  customerKind: "private" | "legal" | "any";
  group: string;
  type: ContractType;
  priceModel: ProductPriceModel;
  termMonths: number | null;
  visibility: OfferVisibility;
  targetGroup?: string;
  campaignCode?: Record<Country, string>;
  components: Partial<Record<PriceComponentType, number>>;
}

/**
 * The demo catalogue, the same on every site in its own language: spot, fixed 12 and 24 months,
 * day/night, district heat and gas; a business product for the target group "business", a
 * personal loyalty offer and a campaign product behind a code. Names of the first five are the
 * names the metering demo gives its contracts, which is how existing contracts find their product.
 */
const PRODUCTS: DemoProduct[] = [
  {
    code: "spot",
    names: { FI: "Pörssisähkö", EE: "Börsihind", LV: "Biržas cena" },
    energyKind: "electricity",
    customerKind: "any",
    group: "spot",
    type: "SupplyContract",
    priceModel: "Hourly",
    termMonths: null,
    visibility: "Public",
    components: { Margin: 0.39, Monthly: 395 },
  },
  {
    code: "fixed-12",
    names: { FI: "Kiinteä hinta 12 kk", EE: "Fikseeritud hind 12 kuud", LV: "Fiksētā cena 12 mēn." },
    energyKind: "electricity",
    customerKind: "any",
    group: "fixed",
    type: "SupplyContract",
    priceModel: "FixedTermWithTermlessFollowup",
    termMonths: 12,
    visibility: "Public",
    components: { Base: 8.49, Monthly: 395 },
  },
  {
    code: "fixed-24",
    names: { FI: "Kiinteä hinta 24 kk", EE: "Fikseeritud hind 24 kuud", LV: "Fiksētā cena 24 mēn." },
    energyKind: "electricity",
    customerKind: "any",
    group: "fixed",
    type: "SupplyContract",
    priceModel: "FixedTermWithTermlessFollowup",
    termMonths: 24,
    visibility: "Public",
    components: { Base: 7.99, Monthly: 395 },
  },
  {
    code: "day-night",
    names: { FI: "Yösähkö kiinteä", EE: "Päev/öö fikseeritud", LV: "Diena/nakts fiksētā" },
    energyKind: "electricity",
    customerKind: "private",
    group: "fixed",
    type: "SupplyContract",
    priceModel: "Fixed",
    termMonths: 12,
    visibility: "Public",
    components: { Day: 9.89, Night: 6.39, Monthly: 449 },
  },
  {
    code: "district-heat",
    names: { FI: "Kaukolämpö", EE: "Kaugküte", LV: "Centralizētā siltumapgāde" },
    energyKind: "heating",
    customerKind: "any",
    group: "heat",
    type: "HeatingGridContract",
    priceModel: "FixedIndefinitely",
    termMonths: null,
    visibility: "Public",
    components: { Base: 8.2, Monthly: 1500 },
  },
  {
    code: "gas",
    names: { FI: "Kaasu kiinteä", EE: "Maagaas fikseeritud", LV: "Dabasgāze fiksētā" },
    energyKind: "gas",
    customerKind: "any",
    group: "gas",
    type: "GasSupplyContract",
    priceModel: "Fixed",
    termMonths: 12,
    visibility: "Public",
    components: { Base: 6.1, Monthly: 490 },
  },
  {
    code: "business-spot",
    names: { FI: "Yrityksen pörssisähkö", EE: "Ettevõtte börsihind", LV: "Uzņēmuma biržas cena" },
    energyKind: "electricity",
    customerKind: "legal",
    group: "spot",
    type: "SupplyContract",
    priceModel: "Hourly",
    termMonths: null,
    visibility: "TargetGroup",
    targetGroup: "business",
    components: { Margin: 0.29, Monthly: 595 },
  },
  {
    code: "loyalty-12",
    names: { FI: "Kanta-asiakashinta 12 kk", EE: "Püsikliendi hind 12 kuud", LV: "Lojalitātes cena 12 mēn." },
    energyKind: "electricity",
    customerKind: "private",
    group: "fixed",
    type: "SupplyContract",
    priceModel: "FixedTermWithTermlessFollowup",
    termMonths: 12,
    visibility: "Personal",
    components: { Base: 7.69, Monthly: 295 },
  },
  {
    code: "campaign-12",
    names: { FI: "Syyskampanja 12 kk", EE: "Sügiskampaania 12 kuud", LV: "Rudens kampaņa 12 mēn." },
    energyKind: "electricity",
    customerKind: "private",
    group: "fixed",
    type: "SupplyContract",
    priceModel: "FixedTermWithTermlessFollowup",
    termMonths: 12,
    visibility: "CampaignCode",
    campaignCode: { FI: "SYKSY", EE: "SUGIS", LV: "RUDENS" },
    components: { Base: 7.49, Monthly: 295 },
  },
  // An additional product renewal offers carry (renewal-offers.additional-product); never listed on its own.
  {
    code: "green-certificate",
    names: { FI: "Uusiutuvan energian alkuperätakuu", EE: "Rohelise energia sertifikaat", LV: "Zaļās enerģijas sertifikāts" },
    energyKind: "electricity",
    customerKind: "any",
    group: "additional",
    type: "SupplyContract",
    priceModel: "MonthlyFee",
    termMonths: null,
    visibility: "Unknown",
    components: { Monthly: 199 },
  },
];

const TYPE_BY_KIND: Record<EnergyKind, ContractType> = { electricity: "SupplyContract", gas: "GasSupplyContract", heating: "HeatingGridContract" };

/** The first day on which a fixed term that began at `from` ends on or after `today`: from + k×months − 1 day. */
function termEndAfter(from: string, months: number, today: string): string {
  const [y, m, d] = from.split("-").map(Number);
  for (let k = 1; k < 100; k++) {
    const end = addDays(new Date(Date.UTC(y, m - 1 + k * months, d)).toISOString().slice(0, 10), -1);
    if (end >= today) return end;
  }
  return today;
}

async function seedSite(db: Parameters<Seeder["run"]>[0]["db"], plan: DemoPlan) {
  const { site } = plan;
  const country = site.country as Country;
  const existing = await db.select({ id: contractProducts.id }).from(contractProducts).where(eq(contractProducts.siteId, site.id)).limit(1);
  if (existing.length) return;
  const today = todayIn(site.timezone);
  const yearStart = `${today.slice(0, 4)}-01-01`;
  const prng = new Prng(`${site.id}:contracts`);

  const inserted = await db
    .insert(contractProducts)
    .values(
      PRODUCTS.map((p) => ({
        siteId: site.id,
        code: p.code,
        name: p.names[country],
        energyKind: p.energyKind,
        customerKind: p.customerKind,
        productGroup: p.group,
        contractType: p.type,
        priceModel: p.priceModel,
        termMonths: p.termMonths,
        visibility: p.visibility,
        targetGroup: p.targetGroup ?? null,
        campaignCode: p.campaignCode?.[country] ?? null,
      })),
    )
    .returning({ id: contractProducts.id, code: contractProducts.code, name: contractProducts.name });
  const productByCode = new Map(inserted.map((p) => [p.code, p.id]));
  const productByName = new Map(inserted.map((p) => [p.name, p]));
  await db.insert(productPriceComponents).values(
    PRODUCTS.flatMap((p) =>
      Object.entries(p.components).map(([type, value]) => ({
        siteId: site.id,
        productId: productByCode.get(p.code)!,
        type: type as PriceComponentType,
        value: String(value),
        validFrom: yearStart,
      })),
    ),
  );

  const legal = plan.customers.filter((c) => c.kind === "legal");
  if (legal.length) await db.insert(customerTargetGroups).values(legal.map((c) => ({ siteId: site.id, customerId: c.id, targetGroup: "business" })));

  const rows = await db
    .select({ c: energyContracts, kind: meteringPoints.energyKind })
    .from(energyContracts)
    .innerJoin(meteringPoints, eq(meteringPoints.id, energyContracts.meteringPointId))
    .where(eq(energyContracts.siteId, site.id))
    .orderBy(asc(energyContracts.customerId), asc(meteringPoints.gsrn), asc(energyContracts.validFrom));
  const customerById = new Map(plan.customers.map((c) => [c.id, c]));
  const offers: (typeof contractOffers.$inferInsert)[] = [];
  let seq = 1000;
  for (const { c, kind } of rows) {
    const customer = customerById.get(c.customerId);
    const product = productByName.get(c.productName);
    const code = product ? inserted.find((p) => p.id === product.id)!.code : null;
    const term = code ? (PRODUCTS.find((p) => p.code === code)!.termMonths ?? null) : null;
    const persona = customer?.owner?.persona ?? null;
    let termEnd: string | null = null;
    if (term) {
      if (c.validTo) termEnd = c.validTo;
      else if (persona === "apartment" || (kind === "electricity" && prng.chance(0.3))) {
        // Ends inside the renewal window: the customer is offered a renewal.
        termEnd = addDays(today, persona === "apartment" ? 40 : prng.int(10, RENEWAL_WINDOW_DAYS - 5));
      } else termEnd = termEndAfter(c.validFrom, term, addDays(today, RENEWAL_WINDOW_DAYS + 1));
    }
    const channel: BillingChannel =
      customer?.kind === "legal"
        ? country === "FI"
          ? { type: "OVT", ovt: `0037${(customer.registryCode ?? "1463611-4").replace("-", "")}`, operatorCode: "003721291126" }
          : { type: "Email", email: customer.email }
        : prng.chance(0.15)
          ? { type: "Address", street: customer?.street ?? "", postalCode: customer?.postalCode ?? "", city: customer?.city ?? "" }
          : { type: "Email", email: customer?.email ?? "" };
    await db
      .update(energyContracts)
      .set({
        contractNumber: `${country}${String(seq++).padStart(7, "0")}`,
        contractType: TYPE_BY_KIND[kind],
        productId: product?.id ?? null,
        termMonths: term,
        termEnd,
        billingChannel: channel,
        endReason: c.validTo ? "renewed" : null,
        signedAt: new Date(`${c.validFrom}T09:00:00Z`),
      })
      .where(and(eq(energyContracts.siteId, site.id), eq(energyContracts.id, c.id)));
    if (termEnd && !c.validTo && termEnd <= addDays(today, RENEWAL_WINDOW_DAYS)) {
      for (const offered of ["fixed-12", "fixed-24"]) {
        offers.push({
          siteId: site.id,
          customerId: c.customerId,
          productId: productByCode.get(offered)!,
          contractId: c.id,
          kind: "renewal",
          validUntil: termEnd,
          additionalProductId: productByCode.get("green-certificate")!,
        });
      }
    }
  }
  // A personal offer for the solar household.
  const solar = plan.customers.find((c) => c.owner?.persona === "solar-household" && c.kind === "private");
  if (solar) offers.push({ siteId: site.id, customerId: solar.id, productId: productByCode.get("loyalty-12")!, contractId: null, kind: "personal", validUntil: addDays(today, 45) });
  if (offers.length) await db.insert(contractOffers).values(offers);
  await seedPointWithoutContract(db, plan, prng);
}

/**
 * The company-owner persona's business has just taken over a depot: its electricity usage point
 * has no contract yet (and no readings), so a new contract can be signed for it (decision 0015).
 */
async function seedPointWithoutContract(db: Parameters<Seeder["run"]>[0]["db"], plan: DemoPlan, prng: Prng) {
  const { site } = plan;
  const owner = plan.customers.find((c) => c.kind === "legal" && c.owner?.persona === "company-owner");
  if (!owner) return;
  const [home] = await db
    .select()
    .from(meteringPoints)
    .where(and(eq(meteringPoints.siteId, site.id), eq(meteringPoints.customerId, owner.id), eq(meteringPoints.energyKind, "electricity")))
    .limit(1);
  if (!home) return;
  const body = `${home.gsrn.slice(0, 7)}9${String(prng.int(100000000, 999999999))}`;
  const eic = site.country === "FI" ? null : `${site.country === "EE" ? "38ZEE-1" : "43ZLV-2"}${String(prng.int(1000000, 9999999))}-`.slice(0, 15);
  const depot = { FI: ["Varastotie 4", "Teollisuuskylä"], EE: ["Lao tee 4", "Tööstusküla"], LV: ["Noliktavu iela 4", "Rūpnieku ciems"] }[site.country as Country] ?? ["Depot road 4", "Industry"];
  await db.insert(meteringPoints).values({
    siteId: site.id,
    customerId: owner.id,
    gsrn: body + gs1CheckDigit(body),
    energyKind: "electricity",
    street: depot[0],
    postalCode: home.postalCode,
    city: depot[1],
    locationId: prng.uuid(),
    locationName: depot[0],
    meterNumber: `M${String(prng.int(10000000, 99999999))}`,
    eicCode: eic ? eic + eicCheckChar(eic) : null,
    biddingZone: home.biddingZone,
    weatherArea: home.weatherArea,
    intervalMinutes: 60,
  });
}

/** Products, price components, offers and the contract details of every demo site (after the metering seeder's contracts). */
export const contractsSeeder: Seeder = {
  name: "contracts and products",
  async run({ db, plans }) {
    for (const plan of plans) await seedSite(db, plan);
  },
};
