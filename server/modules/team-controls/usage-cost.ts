import { PERSONA_IDS, type PersonaId } from '@contract/personas';
import type { Config } from '../../config';
import { personaSetting } from '../../persona-settings';

export interface ModelPrice {
  inPerMillion: number;
  outPerMillion: number;
}

/** The operator's price of a persona's model (MODEL_PRICE_<PERSONA>); unset (or an unknown persona) costs nothing. */
export function priceOf(config: Config, persona: string): ModelPrice {
  const known = (PERSONA_IDS as readonly string[]).includes(persona);
  return (known && personaSetting(config, 'MODEL_PRICE', persona as PersonaId)) || { inPerMillion: 0, outPerMillion: 0 };
}

/**
 * USD for these tokens, to the millionth of a dollar: 1,000,000 in at $0.15 and 500,000 out at
 * $0.60 is 0.15 + 0.30 = $0.45 (rounded, so floating point does not answer 0.44999999999999996).
 */
export function costUSD(price: ModelPrice, tokensIn: number, tokensOut: number): number {
  const exact = (tokensIn * price.inPerMillion + tokensOut * price.outPerMillion) / 1_000_000;
  return Math.round(exact * 1_000_000) / 1_000_000;
}

/** The first instant of the month `YYYY-MM` (UTC) and of the next. */
export function monthRange(month: string): { from: Date; to: Date } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(year, m - 1, 1)), to: new Date(Date.UTC(year, m, 1)) };
}

export const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/** A CSV cell: quoted when it holds a comma, quote or line break; a leading =+-@ is defused for spreadsheets. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: (string | number | null)[]) => cells.map(csvCell).join(',');
