import { fromOre } from "./money";
import { z } from "./zod";

/**
 * The cash-register rules and the MVA registration threshold, as limits a store's sales are measured
 * against (decision 0078). Torg is NOT a declared cash register system (kassasystem med produkterklæring);
 * it only tells a seller how close they are to the limits under which they need none, and to the limit
 * past which they must register for MVA. What Skatteetaten says, quoted from its pages:
 *
 * - "Spørsmål og svar om nye kassasystemer" (skatteetaten.no, Bokføring og regnskap, Nye krav til
 *   kassasystem): bokføringsloven § 10 a, "Bokføringspliktige skal registrere og dokumentere kontantsalg
 *   ved bruk av kassasystem med produkterklæring"; kassasystemlova § 2 a defines kontantsalg as "sal av
 *   varer og tenester der kjøparen si betalingsplikt overfor seljar blir gjort opp ved levering, ved bruk
 *   av betalingskort eller kontantar som betalingsmiddel. Sal over internett eller ved oppkrav blir ikkje
 *   rekna som kontantsal". The exemptions of bokføringsforskriften § 5-4-1 (in force from 1 January 2019):
 *   "Generelt unntak for bokføringspliktige med kontantsalg som ikke overstiger kr 50 000 eksklusive
 *   merverdiavgift i løpet av et regnskapsår" and "Ambulerende eller sporadisk kontantsalg som ikke
 *   overstiger 3 ganger folketrygdens grunnbeløp [...] eksklusive merverdiavgift. Eksempel på
 *   ambulerende virksomhet kan være salg av frukt og bær langs veien om sommeren, salg på messer og
 *   lignende og salg fra fiskebil", and "Bruk av kontantfaktura": a sales document with the buyer's name
 *   and address for every sale (what `stall_full_documents` makes of each stall sale).
 * - "Merverdiavgiftsregisteret – registrer din virksomhet" (skatteetaten.no, skjema BR-1011): "Beløpsgrensen
 *   er 50 000 kroner for bedrifter og de fleste organisasjoner"; "Alle bedrifter som har omsatt for mer enn
 *   dette de siste 12 månedene, må søke om registrering"; "Du skal beregne merverdiavgift fra og med den
 *   fakturaen eller det salget som gjør at beløpsgrensen blir passert."
 *
 * Every stall sale is kontantsalg in that sense (paid on the spot by cash, card or Vipps); web orders are
 * internet sales and are not. Amounts here are integer øre; the server hands the sums, this decides.
 */

/** Folketrygdens grunnbeløp (G), dated. */
export interface Grunnbelop {
  /** In whole kroner. */
  amount: number;
  /** The day it took effect (ISO date). */
  since: string;
  source: string;
}

/**
 * G as of 1 May 2025: 130 160 kr (NAV, "Grunnbeløpet i folketrygden", nav.no/grunnbelopet). G is set
 * anew from 1 May every year (after the trygdeoppgjør): UPDATE THIS EACH MAY, with its date and source.
 * It is the newest figure this code could confirm; a later one raises the 3G limit a little, so an old
 * G errs on the cautious side (the warning comes slightly early, never late).
 */
export const GRUNNBELOP: Grunnbelop = {
  amount: 130_160,
  since: "2025-05-01",
  source: "https://www.nav.no/grunnbelopet",
};

/** bokføringsforskriften § 5-4-1: cash sales not over 50 000 kr excluding VAT in an accounting year. */
export const CASH_SALES_EXEMPTION_ORE = 50_000 * 100;
/** bokføringsforskriften § 5-4-1: ambulant or occasional cash sales not over 3 G excluding VAT a year. */
export const occasionalSalesLimitOre = (g: Grunnbelop = GRUNNBELOP) => 3 * g.amount * 100;
/** merverdiavgiftsloven § 2-1: registration once sales pass 50 000 kr within 12 months. */
export const VAT_REGISTRATION_THRESHOLD_ORE = 50_000 * 100;

/**
 * From this share of a limit on, the seller is warned ("approaching"): at 80 % a maker who sells at a
 * few Christmas markets still has a market or two to act before passing (register, or choose full sales
 * documents or a declared cash register system), rather than learn it after the fact.
 */
export const APPROACHING_SHARE = 0.8;

export const THRESHOLD_KINDS = ["cashSalesExemption", "occasionalSalesExemption", "vatRegistration"] as const;
export type ThresholdKind = (typeof THRESHOLD_KINDS)[number];
export const THRESHOLD_LEVELS = ["ok", "approaching", "passed"] as const;
export type ThresholdLevel = (typeof THRESHOLD_LEVELS)[number];

export const thresholdSchema = z.object({
  kind: z.enum(THRESHOLD_KINDS),
  /** Sales so far in the period, in kroner (two decimals): excluding VAT for the cash rules. */
  amount: z.string(),
  limit: z.string(),
  /** amount / limit, rounded to three decimals (1 or more: passed). */
  share: z.number(),
  level: z.enum(THRESHOLD_LEVELS),
  /** The period measured, ISO dates, both days included (Europe/Oslo). */
  from: z.string(),
  to: z.string(),
  /** The web catalogue's text (area marketReceipts) that says what it means and what to do. */
  textKey: z.string(),
});
export type Threshold = z.infer<typeof thresholdSchema>;

export const thresholdsViewSchema = z.object({
  storeId: z.string(),
  /** The accounting year the cash rules are counted in (a calendar year in Norway). */
  year: z.number(),
  vatRegistered: z.boolean(),
  /** Every stall sale is made a full sales document (kontantfaktura). */
  fullDocuments: z.boolean(),
  grunnbelop: z.object({ amount: z.number(), since: z.string(), source: z.string() }),
  thresholds: z.array(thresholdSchema),
});
export type ThresholdsView = z.infer<typeof thresholdsViewSchema>;

/** ok below APPROACHING_SHARE of the limit, approaching from there, passed above the limit. */
export function thresholdLevel(amountOre: number, limitOre: number): ThresholdLevel {
  // "ikke overstiger": exactly the limit is still within it.
  if (amountOre > limitOre) return "passed";
  // Integers only: amount ≥ 0.8 · limit ⇔ 10 · amount ≥ 8 · limit.
  if (amountOre * 10 >= limitOre * Math.round(APPROACHING_SHARE * 10)) return "approaching";
  return "ok";
}

export function measureThreshold(
  kind: ThresholdKind,
  amountOre: number,
  limitOre: number,
  period: { from: string; to: string },
): Threshold {
  const level = thresholdLevel(amountOre, limitOre);
  return {
    kind,
    amount: fromOre(amountOre),
    limit: fromOre(limitOre),
    share: Math.round((amountOre / limitOre) * 1000) / 1000,
    level,
    from: period.from,
    to: period.to,
    textKey: `marketReceipts.thresholds.${kind}.${level}`,
  };
}

/** "2026-11-29" less `months` calendar months, the day clamped to the month's last ("2025-02-28"). */
export function monthsBefore(isoDate: string, months: number): string {
  const [year = 0, month = 1, day = 1] = isoDate.split("-").map(Number);
  const index = year * 12 + (month - 1) - months;
  const y = Math.floor(index / 12);
  const m = index - y * 12 + 1;
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(Math.min(day, lastDay)).padStart(2, "0")}`;
}

const nextDay = (isoDate: string) => {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

/**
 * The highest sum of sales over any 12 months ending on a day from `firstEnd` to `lastEnd`: a window
 * ending on day D holds the days after D less 12 months, up to D. `days` are each day's sales in øre
 * (ISO date → øre), in any order; a window's sum moves day by day, so the whole scan is linear.
 */
export function highestTwelveMonths(
  days: ReadonlyMap<string, number>,
  firstEnd: string,
  lastEnd: string,
): { amountOre: number; from: string; to: string } {
  const sorted = [...days.entries()].filter(([, ore]) => ore !== 0).sort(([a], [b]) => (a < b ? -1 : 1));
  let best = { amountOre: 0, from: nextDay(monthsBefore(lastEnd, 12)), to: lastEnd };
  let sum = 0;
  let added = 0;
  let removed = 0;
  for (let end = firstEnd; end <= lastEnd; end = nextDay(end)) {
    const start = nextDay(monthsBefore(end, 12));
    while (added < sorted.length && (sorted[added]?.[0] ?? "") <= end) sum += sorted[added++]?.[1] ?? 0;
    while (removed < added && (sorted[removed]?.[0] ?? "") < start) sum -= sorted[removed++]?.[1] ?? 0;
    // The latest window wins a tie: it is the one the seller is in now.
    if (sum >= best.amountOre) best = { amountOre: sum, from: start, to: end };
  }
  return best;
}

/** What the server has summed for a store; the rules above decide what it means. */
export interface StoreSalesSums {
  year: number;
  today: string;
  vatRegistered: boolean;
  fullDocuments: boolean;
  /** Stall sales this accounting year, excluding VAT, less refunds, in øre. */
  stallSalesExVatOre: number;
  /** Each day's sales (web and stall, without gift cards sold, less refunds) of the last 24 months. */
  dailySalesOre: ReadonlyMap<string, number>;
}

/**
 * The thresholds that apply to a store: both cash-register exemptions (counted on stall sales, the only
 * kontantsalg Torg sees), and for a store that is not VAT-registered the registration threshold over the
 * worst 12 months ending in the last year (a window passed earlier is as much a duty as today's).
 */
export function storeThresholds(sums: StoreSalesSums, g: Grunnbelop = GRUNNBELOP): Threshold[] {
  const year = { from: `${sums.year}-01-01`, to: `${sums.year}-12-31` };
  const thresholds = [
    measureThreshold("cashSalesExemption", sums.stallSalesExVatOre, CASH_SALES_EXEMPTION_ORE, year),
    measureThreshold("occasionalSalesExemption", sums.stallSalesExVatOre, occasionalSalesLimitOre(g), year),
  ];
  if (!sums.vatRegistered) {
    const window = highestTwelveMonths(sums.dailySalesOre, monthsBefore(sums.today, 12), sums.today);
    thresholds.push(
      measureThreshold("vatRegistration", window.amountOre, VAT_REGISTRATION_THRESHOLD_ORE, window),
    );
  }
  return thresholds;
}

/** Where Skatteetaten explains each rule, for the seller to read the rule itself. */
export const SKATTEETATEN_PAGES: Record<ThresholdKind, string> = {
  cashSalesExemption:
    "https://www.skatteetaten.no/bedrift-og-organisasjon/starte-og-drive/rutiner-regnskap-og-kassasystem/kassasystem/sporsmal-og-svar-om-nye-kassasystemer/",
  occasionalSalesExemption:
    "https://www.skatteetaten.no/bedrift-og-organisasjon/starte-og-drive/rutiner-regnskap-og-kassasystem/kassasystem/sporsmal-og-svar-om-nye-kassasystemer/",
  vatRegistration: "https://www.skatteetaten.no/skjema/mvaregisteret/",
};

/** The thresholds worth a banner: those approaching or passed, passed first. */
export function thresholdsToWarn(thresholds: readonly Threshold[]): Threshold[] {
  const rank = { passed: 0, approaching: 1, ok: 2 } as const;
  return thresholds.filter((t) => t.level !== "ok").sort((a, b) => rank[a.level] - rank[b.level]);
}
