/**
 * The one way Genie writes sizes and counts, on every page and in replies (issue 18: /profile
 * counted 1 KB as 1000 bytes while /files and admin counted 1024).
 *
 * Sizes are decimal (1 KB = 1000 bytes), as SPEC §9 counts the 25 GB storage allowance
 * (25e9 bytes), so the allowance reads "25 GB", not "23.28 GB". SPEC's upload limit,
 * 104,857,600 bytes, is still called "100 MB" where the limit is named.
 */
const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;

export function formatBytes(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const power = Math.min(Math.floor(Math.log10(bytes) / 3), SIZE_UNITS.length - 1);
  const value = bytes / 1000 ** power;
  // Rounding can carry into the next unit (999,999 bytes is "1000 KB" to two places): use it.
  const rounded = Number.parseFloat(value.toFixed(power === 0 ? 0 : decimals));
  if (rounded >= 1000 && power < SIZE_UNITS.length - 1) return `${Number.parseFloat((rounded / 1000).toFixed(decimals))} ${SIZE_UNITS[power + 1]}`;
  return `${rounded} ${SIZE_UNITS[power]}`;
}

/** "1 chat", "2 chats", "1,204 files": the count with its noun, singular only for exactly one. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}
