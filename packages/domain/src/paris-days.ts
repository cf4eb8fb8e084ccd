/**
 * Calendar days as the shop counts them, in France (Europe/Paris, the invoices' time zone):
 * the back office's "today", its periods and its daily figures follow the seller's clock,
 * whatever the server's time zone.
 */
export const SHOP_TIME_ZONE = 'Europe/Paris';

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function wallClock(instant: Date): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of parts.formatToParts(instant)) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return out;
}

/** Minutes Paris is ahead of UTC at `instant` (60 in winter, 120 in summer). */
function offsetMinutes(instant: Date): number {
  const c = wallClock(instant);
  const asUtc = Date.UTC(c.year ?? 0, (c.month ?? 1) - 1, c.day ?? 1, c.hour, c.minute, c.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The Paris calendar day of an instant, `YYYY-MM-DD`. */
export function shopDay(instant: Date): string {
  const c = wallClock(instant);
  const pad = (n: number | undefined, width = 2) => String(n ?? 0).padStart(width, '0');
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`;
}

/** The Paris wall-clock time of an instant, `YYYY-MM-DD HH:mm` (what a French spreadsheet reads). */
export function shopDateTime(instant: Date): string {
  const c = wallClock(instant);
  const pad = (n: number | undefined) => String(n ?? 0).padStart(2, '0');
  return `${shopDay(instant)} ${pad(c.hour)}:${pad(c.minute)}`;
}

/** The instant a Paris calendar day (`YYYY-MM-DD`) starts. */
export function startOfShopDay(day: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  // Twice: the offset at the guess may differ from the offset at the answer around a DST change.
  const guess = utcMidnight - offsetMinutes(new Date(utcMidnight)) * 60_000;
  return new Date(utcMidnight - offsetMinutes(new Date(guess)) * 60_000);
}

/**
 * The last millisecond of a Paris calendar day: the end a staff member means by a date alone
 * ("ends on 31 January"), whatever the time zone of their browser.
 */
export const endOfShopDay = (day: string): Date =>
  new Date(startOfShopDay(addDays(day, 1)).getTime() - 1);

/** `day` moved by `days` calendar days (negative: back). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first day of the month of `day`, and of the next month. */
export function monthOf(day: string): { start: string; next: string } {
  const [year = 0, month = 1] = day.split('-').map(Number);
  const next =
    month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return { start: `${day.slice(0, 7)}-01`, next };
}
