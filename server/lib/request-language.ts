import { isLanguage, type Language } from '@contract/languages';

/** The first language of an Accept-Language header Genie speaks, by the header's weights (`de-AT;q=0.8` is German). */
export function requestLanguage(header: string | string[] | undefined): Language | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranked = value
    .split(',')
    .map((part, at) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((found) => found !== undefined);
      return { base: tag.trim().toLowerCase().split('-')[0], weight: q === undefined ? 1 : Number(q), at };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.at - b.at);
  return ranked.map((entry) => entry.base).find((base): base is Language => isLanguage(base)) ?? null;
}
