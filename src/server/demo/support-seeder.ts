import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import {
  meteringPoints,
  supportAttachments,
  supportChannels,
  supportComments,
  supportReferenceNames,
  supportSubtypes,
  supportTicketEvents,
  supportTickets,
  supportTopics,
  type TicketStatusValue,
} from "@/server/db/schema";
import { Prng } from "./prng";
import type { DemoCustomer, DemoPerson, DemoPlan } from "./plan";
import type { Seeder } from "./seeder";

/**
 * Support demo data: each demo site's reference lists (channels, topics with the category NONE,
 * subtypes) named in all six locales, and a few tickets of the demo customers in every status,
 * with replies of the site's customer-service person and one internal note.
 */

type Names = Record<"en-GB" | "fi-FI" | "sv-FI" | "et-EE" | "ru-RU" | "lv-LV", string>;
const n = (en: string, fi: string, sv: string, et: string, ru: string, lv: string): Names => ({ "en-GB": en, "fi-FI": fi, "sv-FI": sv, "et-EE": et, "ru-RU": ru, "lv-LV": lv });

export const DEMO_CHANNELS: { code: string; names: Names }[] = [
  { code: "PORTAL", names: n("In the online service", "Asiointipalvelussa", "I webbtjänsten", "Iseteeninduses", "В системе самообслуживания", "Pašapkalpošanās portālā") },
  { code: "EMAIL", names: n("E-mail", "Sähköposti", "E-post", "E-post", "Электронная почта", "E-pasts") },
  { code: "PHONE", names: n("Phone call", "Puhelu", "Telefonsamtal", "Telefonikõne", "Телефонный звонок", "Tālruņa zvans") },
];

export const DEMO_TOPICS: { code: string; names: Names; subtypes: { code: string; names: Names }[] }[] = [
  {
    code: "INVOICES",
    names: n("Invoices and payments", "Laskut ja maksut", "Fakturor och betalningar", "Arved ja maksed", "Счета и платежи", "Rēķini un maksājumi"),
    subtypes: [
      { code: "INVOICE_QUESTION", names: n("Question about an invoice", "Kysymys laskusta", "Fråga om en faktura", "Küsimus arve kohta", "Вопрос по счёту", "Jautājums par rēķinu") },
      {
        code: "PAYMENT_PLAN",
        names: n(
          "Payment plan or due date",
          "Maksusuunnitelma tai eräpäivä",
          "Betalningsplan eller förfallodag",
          "Maksegraafik või maksetähtaeg",
          "График платежей или срок оплаты",
          "Maksājumu grafiks vai termiņš",
        ),
      },
      {
        code: "E_INVOICE",
        names: n(
          "E-invoice and delivery",
          "E-lasku ja laskun toimitus",
          "E-faktura och fakturans leverans",
          "E-arve ja arve kättetoimetamine",
          "Э-счёт и доставка счёта",
          "E-rēķins un rēķina piegāde",
        ),
      },
    ],
  },
  {
    code: "CONTRACTS",
    names: n("Contracts", "Sopimukset", "Avtal", "Lepingud", "Договоры", "Līgumi"),
    subtypes: [
      { code: "CONTRACT_CHANGE", names: n("Changing a contract", "Sopimuksen muutos", "Ändring av avtal", "Lepingu muutmine", "Изменение договора", "Līguma maiņa") },
      { code: "PAYER_CHANGE", names: n("Change of payer", "Maksajan vaihto", "Byte av betalare", "Maksja vahetus", "Смена плательщика", "Maksātāja maiņa") },
      { code: "CONTRACT_TERMINATION", names: n("Ending a contract", "Sopimuksen päättäminen", "Uppsägning av avtal", "Lepingu lõpetamine", "Расторжение договора", "Līguma izbeigšana") },
    ],
  },
  {
    code: "METERING",
    names: n("Meters and readings", "Mittarit ja lukemat", "Mätare och mätarställningar", "Arvestid ja näidud", "Счётчики и показания", "Skaitītāji un rādījumi"),
    subtypes: [
      { code: "METER_READING", names: n("Meter reading", "Mittarilukema", "Mätarställning", "Arvesti näit", "Показание счётчика", "Skaitītāja rādījums") },
      { code: "METER_FAULT", names: n("Meter fault", "Mittarin vika", "Fel på mätaren", "Arvesti rike", "Неисправность счётчика", "Skaitītāja bojājums") },
    ],
  },
  {
    code: "OUTAGES",
    names: n("Outages", "Sähkökatkot", "Elavbrott", "Elektrikatkestused", "Отключения", "Elektroenerģijas pārtraukumi"),
    subtypes: [{ code: "OUTAGE_REPORT", names: n("Report an outage", "Ilmoita sähkökatkosta", "Anmäl ett elavbrott", "Teatage katkestusest", "Сообщить об отключении", "Ziņot par pārtraukumu") }],
  },
  {
    code: "MOVING",
    names: n("Moving", "Muutto", "Flytt", "Kolimine", "Переезд", "Pārcelšanās"),
    subtypes: [
      { code: "MOVE_IN", names: n("Moving in", "Muutto uuteen kotiin", "Inflyttning", "Sissekolimine", "Въезд", "Ievākšanās") },
      { code: "MOVE_OUT", names: n("Moving out", "Poismuutto", "Utflyttning", "Väljakolimine", "Выезд", "Izvākšanās") },
    ],
  },
  {
    code: "NONE",
    names: n("Other matter", "Muu asia", "Annat ärende", "Muu küsimus", "Другой вопрос", "Cits jautājums"),
    subtypes: [
      { code: "GENERAL_QUESTION", names: n("General question", "Yleinen kysymys", "Allmän fråga", "Üldine küsimus", "Общий вопрос", "Vispārīgs jautājums") },
      { code: "FEEDBACK", names: n("Feedback", "Palaute", "Respons", "Tagasiside", "Отзыв", "Atsauksme") },
    ],
  },
];

/** A 1×1 PNG: the demo attachment (a photo of a meter's display, as far as the demo goes). */
const DEMO_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

type Lang = "fi" | "et" | "lv";
type Text = Record<Lang, string>;
const LANG: Record<string, Lang> = { aurora: "fi", laane: "et", daugava: "lv" };

interface DemoComment {
  by: "customer" | "staff";
  internal?: boolean;
  hoursAfter: number;
  body: Text;
}

interface DemoTicket {
  key: string;
  persona: "solar-household" | "apartment" | "house-gas" | "company";
  topicCode: string;
  subtypeCode: string;
  channelCode: string | null;
  status: TicketStatusValue;
  daysAgo: number;
  aboutUsagePoint?: boolean;
  attachment?: boolean;
  name: Text;
  message: Text;
  comments: DemoComment[];
}

const TICKETS: DemoTicket[] = [
  {
    key: "meter-display",
    persona: "solar-household",
    topicCode: "METERING",
    subtypeCode: "METER_FAULT",
    channelCode: "PORTAL",
    status: "OPEN",
    daysAgo: 2,
    aboutUsagePoint: true,
    attachment: true,
    name: { fi: "Mittarin näyttö on pimeänä", et: "Arvesti ekraan on tühi", lv: "Skaitītāja ekrāns ir tukšs" },
    message: {
      fi: "Sähkömittarin näyttö on ollut pimeänä eilisestä asti. Liitteenä kuva mittarista. Pitääkö minun tehdä jotain?",
      et: "Elektriarvesti ekraan on eilsest saadik tühi. Lisasin foto arvestist. Kas ma pean midagi tegema?",
      lv: "Elektrības skaitītāja ekrāns ir tukšs kopš vakardienas. Pievienoju skaitītāja fotoattēlu. Vai man kaut kas jādara?",
    },
    comments: [],
  },
  {
    key: "invoice-higher",
    persona: "solar-household",
    topicCode: "INVOICES",
    subtypeCode: "INVOICE_QUESTION",
    channelCode: "EMAIL",
    status: "ASSIGNED",
    daysAgo: 6,
    name: { fi: "Miksi viimeisin lasku on suurempi?", et: "Miks viimane arve on suurem?", lv: "Kāpēc pēdējais rēķins ir lielāks?" },
    message: {
      fi: "Viimeisin laskuni on lähes kolmanneksen suurempi kuin edellinen, vaikka kulutus ei mielestäni muuttunut. Voisitteko tarkistaa?",
      et: "Minu viimane arve on peaaegu kolmandiku võrra suurem kui eelmine, kuigi tarbimine minu arvates ei muutunud. Kas saaksite kontrollida?",
      lv: "Mans pēdējais rēķins ir gandrīz par trešdaļu lielāks nekā iepriekšējais, lai gan patēriņš, manuprāt, nav mainījies. Vai varētu pārbaudīt?",
    },
    comments: [
      {
        by: "staff",
        internal: true,
        hoursAfter: 2,
        body: {
          fi: "Tarkistettu: kulutus kasvoi pakkasviikolla, lukemat kunnossa. Hinta ei muuttunut.",
          et: "Kontrollitud: tarbimine kasvas külmal nädalal, näidud korras. Hind ei muutunud.",
          lv: "Pārbaudīts: patēriņš pieauga salnajā nedēļā, rādījumi kārtībā. Cena nav mainījusies.",
        },
      },
      {
        by: "staff",
        hoursAfter: 3,
        body: {
          fi: "Kiitos viestistänne. Kulutuksenne kasvoi laskutuskauden kylmällä viikolla, mikä selittää suuremman laskun. Lukemissa ei ole virhettä.",
          et: "Täname pöördumise eest. Teie tarbimine kasvas arveldusperioodi külmal nädalal, mis selgitab suuremat arvet. Näitudes viga ei ole.",
          lv: "Paldies par Jūsu ziņu. Jūsu patēriņš pieauga norēķinu perioda aukstajā nedēļā, un tas izskaidro lielāko rēķinu. Rādījumos kļūdu nav.",
        },
      },
      {
        by: "customer",
        hoursAfter: 20,
        body: {
          fi: "Kiitos! Voiko laskun maksaa kahdessa erässä?",
          et: "Aitäh! Kas arvet saab tasuda kahes osas?",
          lv: "Paldies! Vai rēķinu var apmaksāt divās daļās?",
        },
      },
    ],
  },
  {
    key: "contract-change",
    persona: "solar-household",
    topicCode: "CONTRACTS",
    subtypeCode: "CONTRACT_CHANGE",
    channelCode: null,
    status: "RESOLVED",
    daysAgo: 40,
    name: { fi: "Pörssisähköstä kiinteään hintaan", et: "Börsihinnalt fikseeritud hinnale", lv: "No biržas cenas uz fiksētu cenu" },
    message: {
      fi: "Haluaisin vaihtaa pörssisähkösopimuksen kiinteähintaiseen ensi kuun alusta.",
      et: "Soovin vahetada börsihinnaga lepingu fikseeritud hinnaga lepingu vastu alates järgmise kuu algusest.",
      lv: "Vēlos no nākamā mēneša sākuma mainīt biržas cenas līgumu pret fiksētas cenas līgumu.",
    },
    comments: [
      {
        by: "staff",
        hoursAfter: 5,
        body: {
          fi: "Sopimuksenne on vaihdettu kiinteähintaiseksi ensi kuun alusta. Vahvistus on sähköpostissanne.",
          et: "Teie leping on vahetatud fikseeritud hinnaga lepingu vastu alates järgmise kuu algusest. Kinnitus on Teie e-postis.",
          lv: "Jūsu līgums no nākamā mēneša sākuma ir nomainīts pret fiksētas cenas līgumu. Apstiprinājums ir Jūsu e-pastā.",
        },
      },
    ],
  },
  {
    key: "move-out",
    persona: "apartment",
    topicCode: "MOVING",
    subtypeCode: "MOVE_OUT",
    channelCode: "PHONE",
    status: "CANCELLED",
    daysAgo: 15,
    name: { fi: "Muutto pois asunnosta", et: "Korterist väljakolimine", lv: "Izvākšanās no dzīvokļa" },
    message: {
      fi: "Muutan pois asunnosta kuun lopussa. Miten sopimus päätetään?",
      et: "Kolin kuu lõpus korterist välja. Kuidas lepingut lõpetada?",
      lv: "Mēneša beigās izvācos no dzīvokļa. Kā izbeigt līgumu?",
    },
    comments: [
      {
        by: "customer",
        hoursAfter: 26,
        body: {
          fi: "Muutto peruuntui, asia ei ole enää ajankohtainen.",
          et: "Kolimine jäi ära, küsimus ei ole enam päevakohane.",
          lv: "Pārcelšanās atcelta, jautājums vairs nav aktuāls.",
        },
      },
    ],
  },
  {
    key: "general-question",
    persona: "house-gas",
    topicCode: "NONE",
    subtypeCode: "GENERAL_QUESTION",
    channelCode: "EMAIL",
    status: "OPEN",
    daysAgo: 1,
    name: { fi: "Aurinkopaneelien liittäminen", et: "Päikesepaneelide liitmine", lv: "Saules paneļu pieslēgšana" },
    message: {
      fi: "Suunnittelemme aurinkopaneeleja. Miten ylijäämäsähkön myynti toimii teillä?",
      et: "Plaanime päikesepaneele. Kuidas toimib teil ülejäägi müük?",
      lv: "Plānojam uzstādīt saules paneļus. Kā pie jums notiek pārpalikuma elektroenerģijas pārdošana?",
    },
    comments: [],
  },
  {
    key: "outage",
    persona: "company",
    topicCode: "OUTAGES",
    subtypeCode: "OUTAGE_REPORT",
    channelCode: "PHONE",
    status: "ASSIGNED",
    daysAgo: 3,
    name: { fi: "Toistuvia katkoja varastolla", et: "Korduvad katkestused laos", lv: "Atkārtoti pārtraukumi noliktavā" },
    message: {
      fi: "Varastollamme on ollut tällä viikolla kolme lyhyttä sähkökatkoa. Mistä ne johtuvat?",
      et: "Meie laos on sel nädalal olnud kolm lühikest elektrikatkestust. Millest need on tingitud?",
      lv: "Mūsu noliktavā šonedēļ ir bijuši trīs īsi elektroenerģijas pārtraukumi. Kas tos izraisa?",
    },
    comments: [],
  },
];

const HOUR = 3600_000;

function customerOf(plan: DemoPlan, persona: DemoTicket["persona"]): DemoCustomer | undefined {
  if (persona === "company") return plan.customers.find((c) => c.kind === "legal" && c.owner?.persona === "company-owner");
  return plan.customers.find((c) => c.kind === "private" && c.owner?.persona === persona);
}

/** Deterministic ids of a site's demo tickets (by key), their comments and the demo attachment. */
export function demoSupportIds(siteId: string) {
  const prng = new Prng(`${siteId}:support`);
  const tickets = Object.fromEntries(TICKETS.map((t) => [t.key, { id: prng.uuid(), comments: t.comments.map(() => prng.uuid()) }]));
  return { tickets, attachmentId: prng.uuid() };
}

/** The owner customer's (the solar household's) demo ticket and its attachment, for the authorization matrix. */
export function demoOwnerTicket(siteId: string) {
  const ids = demoSupportIds(siteId);
  return { ticketId: ids.tickets["meter-display"].id, attachmentId: ids.attachmentId };
}

async function seedReferenceLists(db: Db, siteId: string) {
  await db
    .insert(supportChannels)
    .values(DEMO_CHANNELS.map((c, i) => ({ siteId, code: c.code, sortOrder: i })))
    .onConflictDoNothing();
  await db
    .insert(supportTopics)
    .values(DEMO_TOPICS.map((t, i) => ({ siteId, code: t.code, sortOrder: i })))
    .onConflictDoNothing();
  await db
    .insert(supportSubtypes)
    .values(DEMO_TOPICS.flatMap((t) => t.subtypes.map((s, i) => ({ siteId, code: s.code, topicCode: t.code, sortOrder: i }))))
    .onConflictDoNothing();
  const names = [
    ...DEMO_CHANNELS.map((c) => ({ kind: "channel" as const, code: c.code, names: c.names })),
    ...DEMO_TOPICS.map((t) => ({ kind: "topic" as const, code: t.code, names: t.names })),
    ...DEMO_TOPICS.flatMap((t) => t.subtypes.map((s) => ({ kind: "subtype" as const, code: s.code, names: s.names }))),
  ];
  await db
    .insert(supportReferenceNames)
    .values(names.flatMap(({ kind, code, names: byLocale }) => Object.entries(byLocale).map(([locale, name]) => ({ siteId, kind, code, locale, name }))))
    .onConflictDoNothing();
}

async function seedTickets(db: Db, plan: DemoPlan, now: number) {
  const siteId = plan.site.id;
  const lang = LANG[siteId] ?? "fi";
  const staff = plan.staff.find((s) => s.role === "customer_service")?.person;
  if (!staff) return;
  const ids = demoSupportIds(siteId);
  const [seeded] = await db
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(and(eq(supportTickets.siteId, siteId), eq(supportTickets.id, ids.tickets[TICKETS[0].key].id)));
  if (seeded) return;
  const personName = (p: DemoPerson) => `${p.firstName} ${p.lastName}`;
  const staffName = personName(staff);
  const [{ last }] = await db
    .select({ last: sql<number>`coalesce(max(${supportTickets.number}), 100000)::int` })
    .from(supportTickets)
    .where(eq(supportTickets.siteId, siteId));
  let number = Number(last);
  for (const spec of TICKETS) {
    number += 1;
    const customer = customerOf(plan, spec.persona);
    if (!customer?.owner) continue;
    const author = customer.owner;
    const { id, comments: commentIds } = ids.tickets[spec.key];
    const createdAt = new Date(now - spec.daysAgo * 24 * HOUR);
    const at = (hours: number) => new Date(createdAt.getTime() + hours * HOUR);
    const publicComments = spec.comments.filter((c) => !c.internal);
    const lastStaff = publicComments.filter((c) => c.by === "staff").at(-1);
    const firstStaff = publicComments.find((c) => c.by === "staff");
    const lastCustomer = publicComments.filter((c) => c.by === "customer").at(-1);
    const closedHours = spec.status === "RESOLVED" || spec.status === "CANCELLED" ? Math.max(1, ...spec.comments.map((c) => c.hoursAfter)) + 1 : null;
    const assignedHours = 1;
    const assigned = spec.status === "ASSIGNED" || spec.status === "RESOLVED";
    const lastActivityHours = Math.max(0, ...publicComments.map((c) => c.hoursAfter), closedHours ?? 0, assigned ? assignedHours : 0);
    let subject: { kind: "usage-point"; id: string; label: string } | null = null;
    if (spec.aboutUsagePoint) {
      const [point] = await db
        .select({ id: meteringPoints.id, street: meteringPoints.street, city: meteringPoints.city, gsrn: meteringPoints.gsrn })
        .from(meteringPoints)
        .where(and(eq(meteringPoints.siteId, siteId), eq(meteringPoints.customerId, customer.id)))
        .orderBy(asc(meteringPoints.gsrn))
        .limit(1);
      if (point) subject = { kind: "usage-point", id: point.id, label: `${point.street}, ${point.city} (${point.gsrn})` };
    }
    await db.insert(supportTickets).values({
      id,
      siteId,
      customerId: customer.id,
      number,
      name: spec.name[lang],
      message: spec.message[lang],
      topicCode: spec.topicCode,
      subtypeCode: spec.subtypeCode,
      channelCode: spec.channelCode,
      subjectKind: subject?.kind ?? null,
      subjectId: subject?.id ?? null,
      subjectLabel: subject?.label ?? null,
      status: spec.status,
      assigneePersonId: assigned ? staff.id : null,
      createdByPersonId: author.id,
      createdByKind: "customer",
      createdAt,
      updatedAt: at(lastActivityHours),
      lastActivityAt: at(lastActivityHours),
      lastStaffReplyAt: lastStaff ? at(lastStaff.hoursAfter) : null,
      lastCustomerMessageAt: lastCustomer ? at(lastCustomer.hoursAfter) : createdAt,
      firstResponseAt: firstStaff ? at(firstStaff.hoursAfter) : null,
      customerSeenAt: spec.status === "RESOLVED" ? at(lastActivityHours) : createdAt,
      closedAt: closedHours !== null ? at(closedHours) : null,
    });
    const events: (typeof supportTicketEvents.$inferInsert)[] = [
      { siteId, ticketId: id, kind: "created", toStatus: "OPEN", actorKind: "customer", actorPersonId: author.id, actorName: personName(author), createdAt },
    ];
    if (assigned) {
      events.push({
        siteId,
        ticketId: id,
        kind: "assignment",
        fromStatus: "OPEN",
        toStatus: "ASSIGNED",
        assigneePersonId: staff.id,
        assigneeName: staffName,
        actorKind: "staff",
        actorPersonId: staff.id,
        actorName: staffName,
        createdAt: at(assignedHours),
      });
    }
    if (spec.status === "RESOLVED") {
      events.push({
        siteId,
        ticketId: id,
        kind: "status",
        fromStatus: "ASSIGNED",
        toStatus: "RESOLVED",
        actorKind: "staff",
        actorPersonId: staff.id,
        actorName: staffName,
        createdAt: at(closedHours!),
      });
    }
    if (spec.status === "CANCELLED") {
      events.push({
        siteId,
        ticketId: id,
        kind: "status",
        fromStatus: "OPEN",
        toStatus: "CANCELLED",
        actorKind: "customer",
        actorPersonId: author.id,
        actorName: personName(author),
        createdAt: at(closedHours!),
      });
    }
    await db.insert(supportTicketEvents).values(events);
    if (spec.comments.length) {
      await db.insert(supportComments).values(
        spec.comments.map((c, i) => ({
          id: commentIds[i],
          siteId,
          ticketId: id,
          authorKind: c.by,
          authorPersonId: c.by === "staff" ? staff.id : author.id,
          authorName: c.by === "staff" ? staffName : personName(author),
          internal: !!c.internal,
          body: c.body[lang],
          createdAt: at(c.hoursAfter),
        })),
      );
    }
    if (spec.attachment) {
      await db.insert(supportAttachments).values({
        id: ids.attachmentId,
        siteId,
        customerId: customer.id,
        uploadedByPersonId: author.id,
        ticketId: id,
        fileName: lang === "fi" ? "mittari.png" : lang === "et" ? "arvesti.png" : "skaititajs.png",
        contentType: "image/png",
        size: DEMO_PNG.byteLength,
        data: DEMO_PNG,
        createdAt,
      });
    }
  }
}

export const supportSeeder: Seeder = {
  name: "support reference lists and tickets",
  async run({ db, plans }) {
    const now = Date.now();
    for (const plan of plans) {
      await seedReferenceLists(db, plan.site.id);
      await seedTickets(db, plan, now);
    }
  },
};
