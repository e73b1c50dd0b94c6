import "server-only";
import { eq } from "drizzle-orm";
import { composeIBAN, isValidIBAN } from "ibantools";
import { bankAccounts, customerAddresses, customerBusinessInfo, customerContacts, directDebitMandates, membershipBenefits, memberships, type MembershipBenefitKind } from "@/server/db/schema";
import { bicForIban } from "@/lib/settings/iban";
import { normalizeVatNumber } from "@/lib/settings/business";
import { checkPhone } from "@/server/settings/phones";
import { DEMO_BANKS } from "./sites";
import { Prng } from "./prng";
import type { DemoCustomer, DemoPlan } from "./plan";
import type { Seeder } from "./seeder";

/** Account number digits after the bank code, per country (the IBAN's BBAN is bank code + these). */
const BANK_CODES: Record<string, { codes: string[]; digits: number; letters?: boolean }> = {
  FI: { codes: ["1", "5", "8", "39", "405"], digits: 13 },
  EE: { codes: ["22", "10", "77"], digits: 14 },
  LV: { codes: ["HABA", "UNLA", "PARX"], digits: 13 },
};

/** A valid IBAN of a bank the country's banks reference knows (the BBAN's own check digits are tried until they fit). */
function demoIban(prng: Prng, country: string): string {
  const spec = BANK_CODES[country];
  for (;;) {
    const code = prng.pick(spec.codes);
    const length = country === "FI" ? 14 : country === "EE" ? 16 : 17;
    let bban = code;
    while (bban.length < length) bban += String(prng.int(0, 9));
    const iban = composeIBAN({ countryCode: country, bban });
    if (iban && isValidIBAN(iban)) return iban;
  }
}

const BENEFITS: { kind: MembershipBenefitKind; titles: Record<string, string>; perShareCents?: number }[] = [
  {
    kind: "surplus-refund",
    perShareCents: 350,
    titles: {
      "fi-FI": "Ylijäämänpalautus sähkön ostoista",
      "sv-FI": "Överskottsåterbäring på elköpen",
      "en-GB": "Surplus refund on electricity purchases",
      "et-EE": "Ülejäägi tagastus elektriostudelt",
      "ru-RU": "Возврат излишка с покупок электроэнергии",
      "lv-LV": "Pārpalikuma atmaksa par elektroenerģijas pirkumiem",
    },
  },
  {
    kind: "interest-on-shares",
    perShareCents: 200,
    titles: {
      "fi-FI": "Osuuspääoman korko",
      "sv-FI": "Ränta på andelskapitalet",
      "en-GB": "Interest on share capital",
      "et-EE": "Osakapitali intress",
      "ru-RU": "Проценты на паевой капитал",
      "lv-LV": "Procenti par pajas kapitālu",
    },
  },
  {
    kind: "energy-discount",
    titles: {
      "fi-FI": "Jäsenhinta: sähköenergia 0,30 c/kWh edullisemmin",
      "sv-FI": "Medlemspris: elenergi 0,30 c/kWh billigare",
      "en-GB": "Member price: electricity 0.30 c/kWh cheaper",
      "et-EE": "Liikmehind: elektrienergia 0,30 c/kWh odavam",
      "ru-RU": "Цена для членов: электроэнергия на 0,30 c/kWh дешевле",
      "lv-LV": "Biedra cena: elektroenerģija par 0,30 c/kWh lētāka",
    },
  },
  {
    kind: "member-event",
    titles: {
      "fi-FI": "Jäsenilta ja osuuskunnan kokous",
      "sv-FI": "Medlemskväll och andelslagets stämma",
      "en-GB": "Members' evening and the cooperative's annual meeting",
      "et-EE": "Liikmete õhtu ja ühistu üldkoosolek",
      "ru-RU": "Вечер членов и общее собрание кооператива",
      "lv-LV": "Biedru vakars un kooperatīva kopsapulce",
    },
  },
];

const personaOf = (plan: DemoPlan, persona: string) => plan.customers.find((c) => c.owner?.persona === persona && c.kind === "private");

/**
 * Settings of the demo customers: their contacts as a list (the e-mail on file verified, the
 * mobile number in E.164), business details of companies, bank accounts for the personas (the
 * solar household pays by direct debit, so that account cannot be deleted), and on the
 * cooperative's site its members with their shares and this year's and last year's benefits.
 */
export const settingsSeeder: Seeder = {
  name: "settings",
  async run({ db, plans }) {
    const now = new Date();
    const year = now.getUTCFullYear();
    for (const plan of plans) {
      const { site } = plan;
      const prng = new Prng(`${site.seed}:settings`);
      const contacts: (typeof customerContacts.$inferInsert)[] = [];
      for (const c of plan.customers) {
        contacts.push({ siteId: site.id, customerId: c.id, type: "Email", value: c.email.toLowerCase(), isPrimary: true, verifiedAt: now, position: 0 });
        const phone = checkPhone(c.phone, site.country);
        if (phone.ok) contacts.push({ siteId: site.id, customerId: c.id, type: phone.mobile === false ? "Phone" : "Gsm", value: phone.e164, isPrimary: true, position: 1 });
      }
      // A household with a landline too, and a second, work e-mail.
      const gas = personaOf(plan, "house-gas");
      if (gas) {
        const landline = checkPhone(site.country === "FI" ? "09 4250 1234" : site.country === "EE" ? "612 3456" : "6700 1234", site.country);
        if (landline.ok) contacts.push({ siteId: site.id, customerId: gas.id, type: "Phone", value: landline.e164, isPrimary: true, position: 2 });
        contacts.push({ siteId: site.id, customerId: gas.id, type: "Email", value: gas.email.replace("@", ".work@"), isPrimary: false, verifiedAt: now, position: 3 });
      }
      await db.insert(customerContacts).values(contacts).onConflictDoNothing();

      const legal = plan.customers.filter((c) => c.kind === "legal");
      if (legal.length) {
        await db
          .insert(customerBusinessInfo)
          .values(legal.map((c) => ({ customerId: c.id, siteId: site.id, vatNumber: vatNumberOf(site.country, c), contactPerson: c.owner ? `${c.owner.firstName} ${c.owner.lastName}` : null })))
          .onConflictDoNothing();
        // The company owner's company has its invoices sent to its accounting office.
        const company = legal.find((c) => c.owner?.persona === "company-owner");
        if (company) {
          const office = plan.customers.find((c) => c.kind === "private" && c.city !== company.city) ?? company;
          await db
            .insert(customerAddresses)
            .values({ siteId: site.id, customerId: company.id, type: "billing", street: office.street, postalCode: office.postalCode, city: office.city, country: site.country })
            .onConflictDoNothing();
        }
      }

      const banks = DEMO_BANKS[site.country];
      const account = (c: DemoCustomer, purposes: ("refund" | "direct-debit")[]) => {
        const iban = demoIban(prng, site.country);
        const bic = bicForIban(iban);
        return { id: prng.uuid(), siteId: site.id, customerId: c.id, iban, bic, bankName: banks.find((b) => b.bic === bic)?.name ?? null, holder: c.name, purposes };
      };
      const accounts: (typeof bankAccounts.$inferInsert & { id: string })[] = [];
      const solar = personaOf(plan, "solar-household");
      let mandateAccount: { id: string; iban: string; customerId: string } | null = null;
      if (solar) {
        const debit = account(solar, ["direct-debit"]);
        accounts.push(account(solar, ["refund"]), debit);
        mandateAccount = { id: debit.id, iban: debit.iban, customerId: solar.id };
      }
      for (const persona of ["apartment", "company-owner"]) {
        const c = personaOf(plan, persona);
        if (c) accounts.push(account(c, ["refund", "direct-debit"]));
      }
      if (accounts.length) await db.insert(bankAccounts).values(accounts).onConflictDoNothing();
      if (mandateAccount) {
        await db
          .insert(directDebitMandates)
          .values({
            siteId: site.id,
            customerId: mandateAccount.customerId,
            bankAccountId: mandateAccount.id,
            iban: mandateAccount.iban,
            reference: `DD-${site.id.toUpperCase()}-${solar!.clientCode}`,
            signedOn: `${year - 2}-03-01`,
          })
          .onConflictDoNothing();
      }

      if (plan.members.length) {
        const rows = plan.members.map((m) => ({
          id: prng.uuid(),
          siteId: site.id,
          customerId: m.customerId,
          memberNumber: m.memberNumber,
          memberSince: m.memberSince,
          shares: m.shares,
          shareValueCents: 5000,
          currency: "EUR",
        }));
        await db.insert(memberships).values(rows).onConflictDoNothing();
        const benefits = rows.flatMap((m) =>
          [year, year - 1].flatMap((y) =>
            BENEFITS.filter((b) => y < year || b.kind !== "surplus-refund").map((b) => ({
              siteId: site.id,
              membershipId: m.id,
              year: y,
              kind: b.kind,
              titles: b.titles,
              amountCents: b.perShareCents ? b.perShareCents * m.shares : null,
            })),
          ),
        );
        // Seeding again adds no second set of benefits.
        const [seeded] = await db.select({ id: membershipBenefits.id }).from(membershipBenefits).where(eq(membershipBenefits.siteId, site.id)).limit(1);
        if (!seeded) for (let i = 0; i < benefits.length; i += 500) await db.insert(membershipBenefits).values(benefits.slice(i, i + 500));
      }
    }
  },
};

/** The VAT number of a company from its registry code, as each country forms it. */
function vatNumberOf(country: string, c: DemoCustomer): string | null {
  if (!c.registryCode) return null;
  if (country === "FI") return normalizeVatNumber(`FI${c.registryCode.replace("-", "")}`);
  if (country === "EE") return normalizeVatNumber(`EE10${c.registryCode.slice(-7)}`);
  return normalizeVatNumber(`LV${c.registryCode}`);
}
