import "server-only";
import { announcements, feedbackForms } from "@/server/db/schema";
import { Prng } from "./prng";
import type { Seeder } from "./seeder";

type Text = { title: string; html: string };
/**
 * A demo announcement, dated relative to the day the demo is seeded so that it always reads as
 * recent news: published `daysAgo` days before, at 08:00 UTC, and shown until `endsInDays` days
 * after (without it, until the default period of src/server/announcements ends).
 */
type DemoAnnouncement = { key: string; severity: "info" | "warning"; priority: number; daysAgo: number; endsInDays?: number; texts: Record<string, Text> };

const DAY_MS = 86_400_000;

/** 08:00 UTC of the day `days` days from `now` (negative for the past). */
function dayAt(now: number, days: number): Date {
  const d = new Date(now + days * DAY_MS);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 8));
}

/** Announcements of the demo suppliers, in each site's own locales, with links and formatting. */
const ANNOUNCEMENTS: Record<string, DemoAnnouncement[]> = {
  aurora: [
    {
      key: "maintenance",
      severity: "warning",
      priority: 10,
      daysAgo: 2,
      endsInDays: 5,
      texts: {
        "fi-FI": {
          title: "Huoltokatko sunnuntaiyönä",
          html: "<p>Asiointipalvelu on huollon vuoksi poissa käytöstä <strong>sunnuntaina klo 01–03</strong>. Sähkönjakelu toimii normaalisti.</p>",
        },
        "sv-FI": {
          title: "Serviceavbrott natten mot söndag",
          html: "<p>Webbtjänsten är inte tillgänglig på grund av underhåll <strong>på söndag kl. 01–03</strong>. Eldistributionen fungerar som vanligt.</p>",
        },
        "en-GB": {
          title: "Maintenance break on Sunday night",
          html: "<p>The online service is unavailable for maintenance <strong>on Sunday from 01:00 to 03:00</strong>. Electricity distribution is not affected.</p>",
        },
      },
    },
    {
      key: "spot-app",
      severity: "info",
      priority: 0,
      daysAgo: 12,
      texts: {
        "fi-FI": {
          title: "Seuraa pörssisähkön hintaa tunneittain",
          html: '<p>Näet nyt kulutuksesi ja pörssihinnan rinnakkain. Lue lisää <a href="https://aurora-energia.example/porssisahko">pörssisähkösopimuksesta</a>.</p><ul><li>Hinnat 15 minuutin tarkkuudella</li><li>Vertailu edelliseen vuoteen</li></ul>',
        },
        "sv-FI": {
          title: "Följ börselpriset timme för timme",
          html: '<p>Nu ser du din förbrukning och börspriset sida vid sida. Läs mer om <a href="https://aurora-energia.example/sv/borsel">börselavtalet</a>.</p><ul><li>Priser per kvart</li><li>Jämförelse med föregående år</li></ul>',
        },
        "en-GB": {
          title: "Follow the spot price hour by hour",
          html: '<p>You can now see your consumption and the spot price side by side. Read more about the <a href="https://aurora-energia.example/en/spot">spot price contract</a>.</p><ul><li>Prices for every 15 minutes</li><li>Comparison with the previous year</li></ul>',
        },
      },
    },
  ],
  laane: [
    {
      key: "winter-tips",
      severity: "info",
      priority: 0,
      daysAgo: 20,
      texts: {
        "et-EE": {
          title: "Säästunõuanded talveks",
          html: '<p>Külmadel päevadel tasub kütmist <em>planeerida odavamatele tundidele</em>. Vaata <a href="https://laane-energia.example/saastmine">meie nõuandeid</a>.</p>',
        },
        "ru-RU": {
          title: "Советы по экономии зимой",
          html: '<p>В морозные дни отопление выгодно <em>переносить на более дешёвые часы</em>. Смотрите <a href="https://laane-energia.example/ru/ekonomija">наши советы</a>.</p>',
        },
        "en-GB": {
          title: "Saving tips for winter",
          html: '<p>On cold days it pays to <em>plan heating for the cheaper hours</em>. See <a href="https://laane-energia.example/en/saving">our tips</a>.</p>',
        },
      },
    },
    {
      key: "e-invoice",
      severity: "info",
      priority: 5,
      daysAgo: 6,
      texts: {
        "et-EE": { title: "Vali e-arve", html: "<p>E-arve jõuab otse sinu internetipanka. <strong>Paberarve tasu kaob.</strong></p>" },
        "ru-RU": { title: "Выберите э-счёт", html: "<p>Э-счёт приходит прямо в ваш интернет-банк. <strong>Плата за бумажный счёт отменяется.</strong></p>" },
        "en-GB": { title: "Choose e-invoice", html: "<p>The e-invoice arrives straight in your online bank. <strong>No paper invoice fee.</strong></p>" },
      },
    },
  ],
  daugava: [
    {
      key: "prices",
      severity: "info",
      priority: 0,
      daysAgo: 9,
      texts: {
        "lv-LV": {
          title: "Jaunas cenas no nākamā mēneša",
          html: '<p>No nākamā mēneša 1. datuma mainās fiksētās cenas līgumi. Salīdziniet piedāvājumus <a href="https://daugava-energija.example/cenas">mūsu mājaslapā</a>.</p>',
        },
        "ru-RU": {
          title: "Новые цены со следующего месяца",
          html: '<p>С 1-го числа следующего месяца меняются договоры с фиксированной ценой. Сравните предложения <a href="https://daugava-energija.example/ru/ceny">на нашем сайте</a>.</p>',
        },
        "en-GB": {
          title: "New prices from next month",
          html: '<p>Fixed-price contracts change on the first day of next month. Compare the offers <a href="https://daugava-energija.example/en/prices">on our website</a>.</p>',
        },
      },
    },
  ],
};

/** Deterministic ids of a site's demo announcements, in seeding order. */
export function demoAnnouncementIds(siteId: string): string[] {
  const prng = new Prng(`${siteId}:announcements`);
  return (ANNOUNCEMENTS[siteId] ?? []).flatMap((a) => Object.keys(a.texts).map(() => prng.uuid()));
}

/** The demo feedback form of a site (aurora asks its customers for feedback). */
export function demoFeedbackFormId(siteId: string): string {
  return new Prng(`${siteId}:feedback-form`).uuid();
}

export const engagementSeeder: Seeder = {
  name: "announcements and feedback forms",
  async run({ db, plans }) {
    const now = Date.now();
    for (const { site } of plans) {
      const ids = demoAnnouncementIds(site.id);
      const rows = (ANNOUNCEMENTS[site.id] ?? []).flatMap((a) => Object.entries(a.texts).map(([locale, text]) => ({ locale, text, a })));
      if (rows.length) {
        await db
          .insert(announcements)
          .values(
            rows.map(({ locale, text, a }, i) => ({
              id: ids[i],
              siteId: site.id,
              locale,
              title: text.title,
              contentHtml: text.html,
              severity: a.severity,
              priority: a.priority,
              publishedAt: dayAt(now, -a.daysAgo),
              expiresAt: a.endsInDays === undefined ? null : dayAt(now, a.endsInDays),
            })),
          )
          .onConflictDoNothing();
      }
      if (site.id === "aurora") {
        await db
          .insert(feedbackForms)
          .values({ id: demoFeedbackFormId(site.id), siteId: site.id, name: "portal-satisfaction", active: true, renew: false, refreshedAt: new Date("2025-01-01T00:00:00Z") })
          .onConflictDoNothing();
      }
    }
  },
};
