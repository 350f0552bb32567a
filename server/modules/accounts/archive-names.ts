/**
 * Names inside an export ZIP. Folder and file names are the user's own text, so each path segment
 * is made safe for every unzip tool (no separators, no `.`/`..`, no control characters, bounded
 * length), and a name used twice in one folder gets " (2)", " (3)", … before its extension.
 */
export function safeSegment(name: string, fallback = 'untitled'): string {
  const cleaned = name
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
    .trim()
    .slice(0, 120);
  if (cleaned === '' || /^\.+$/.test(cleaned)) return fallback;
  return cleaned;
}

export class UniqueNames {
  private readonly taken = new Set<string>();

  /** `dir/name`, or `dir/name (n).ext` when that path is already in the archive (compared without case). */
  claim(dir: string, name: string): string {
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let n = 1; ; n++) {
      const candidate = `${dir}/${n === 1 ? name : `${stem} (${n})${ext}`}`;
      const key = candidate.toLowerCase();
      if (!this.taken.has(key)) {
        this.taken.add(key);
        return candidate;
      }
    }
  }
}

/** Each folder's path from the root, built once from the user's folder rows. */
export function folderPaths(rows: { id: string; parentId: string | null; name: string }[]): Map<string, string> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const paths = new Map<string, string>();
  const pathOf = (id: string, depth: number): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const row = byId.get(id);
    // A cycle or a missing parent cannot happen through the API; stop rather than recurse forever.
    if (!row || depth > 200) return '';
    const parent = row.parentId ? pathOf(row.parentId, depth + 1) : '';
    const path = parent ? `${parent}/${safeSegment(row.name)}` : safeSegment(row.name);
    paths.set(id, path);
    return path;
  };
  for (const row of rows) pathOf(row.id, 0);
  return paths;
}
