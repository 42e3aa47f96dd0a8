/**
 * A code's start and end are typed as a date and a time in Europe/Oslo (issue 29), whatever the
 * browser's own zone, and travel as instants. No date library knows zones here: Intl gives Oslo's offset
 * at an instant, which is all the conversion needs (summer time included).
 */
export const STORE_TIME_ZONE = "Europe/Oslo";

const partsFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: STORE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

function osloParts(instant: number) {
  const parts: Record<string, string> = {};
  for (const part of partsFormat.formatToParts(new Date(instant))) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Oslo's offset from UTC at an instant, in minutes (60 in winter, 120 in summer). */
export function osloOffsetMinutes(instant: number): number {
  const p = osloParts(instant);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * "2026-12-01" and "10:00" as Oslo time → "2026-12-01T10:00:00+01:00"; undefined when the date is not
 * one (an empty time is midnight). A time the clocks skip in spring is taken with the winter offset.
 */
export function osloInputToIso(date: string, time: string): string | undefined {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time || "00:00");
  if (!day || !clock) return undefined;
  const [year, month, dayOfMonth] = [Number(day[1]), Number(day[2]), Number(day[3])];
  const [hour, minute] = [Number(clock[1]), Number(clock[2])];
  const wall = Date.UTC(year, month - 1, dayOfMonth, hour, minute);
  if (Number.isNaN(wall) || new Date(wall).getUTCDate() !== dayOfMonth || hour > 23 || minute > 59)
    return undefined;
  // The offset at the wall time read as UTC is right but for the hours around a change: ask once more.
  const offset = osloOffsetMinutes(wall - osloOffsetMinutes(wall) * 60_000);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${date}T${pad(hour)}:${pad(minute)}:00${sign}${pad(Math.trunc(abs / 60))}:${pad(abs % 60)}`;
}

/** An instant as the date and time inputs show it in Oslo: { date: "2026-12-01", time: "10:00" }. */
export function isoToOsloInput(iso: string): { date: string; time: string } {
  const p = osloParts(Date.parse(iso));
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
}
