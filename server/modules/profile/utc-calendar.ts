/** Calendar arithmetic in UTC: profile days and months are UTC days and months (docs/decisions.md). */
const DAY_MS = 24 * 60 * 60 * 1000;

export const startOfUtcDay = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

export const startOfUtcMonth = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));

export const addUtcDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/** YYYY-MM-DD of the UTC day, the form PostgreSQL's to_char(day, 'YYYY-MM-DD') gives. */
export const utcDateKey = (date: Date) => date.toISOString().slice(0, 10);

/** Whole UTC calendar days from `from` to `to`: 0 on the same day, 1 the next day, whatever the hour. */
export const utcDaysBetween = (from: Date, to: Date) =>
  Math.round((startOfUtcDay(to).getTime() - startOfUtcDay(from).getTime()) / DAY_MS);
