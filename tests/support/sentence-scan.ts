import { readFileSync } from 'node:fs';

/**
 * Reads the sentences the server can answer with straight from its code, for the check that each
 * has a key in contract/server-sentences.ts (issue 44). A sentence is found as a skeleton: the
 * literal with each `${...}` written {{}}.
 */
export interface Found {
  file: string;
  skeleton: string;
}

/**
 * The calls an error sentence goes through: AppError, the helpers that build one (notFound, a
 * module's forbidden/requireManager/managedTeam/notYours/refuse), the model's ProviderError, and the
 * error handler's own send, and a
 * service's `{ message }` answer.
 */
const FUNNELS =
  /(new AppError\(|new ProviderError\(|\bnotFound\(|\binvalidInput\(|\bforbidden\(|\brequireManager\(|\bmanagedTeam\(|\bnotYours\(|\brefuse\(|\bsend\(reply,|\breturn \{ message: )/g;
/** Tables of sentences read by a lookup rather than named inside a funnel's brackets. */
const TABLES = ['FASTIFY_ERRORS', 'policyRefusals', 'refusals', 'PASSWORD_RESET_ACCEPTED', 'timeoutMessage'];

/** Reads a string or template literal starting at `i` (the quote); returns its skeleton and end. */
function literalAt(src: string, i: number): { text: string; end: number } {
  const quote = src[i];
  let text = '';
  let j = i + 1;
  while (j < src.length && src[j] !== quote) {
    if (src[j] === '\\') { text += src[j + 1]; j += 2; continue; }
    if (quote === '`' && src[j] === '$' && src[j + 1] === '{') {
      let depth = 1; j += 2;
      while (depth > 0) {
        if (src[j] === '{') depth++;
        else if (src[j] === '}') depth--;
        else if (src[j] === "'" || src[j] === '"' || src[j] === '`') { j = literalAt(src, j).end; continue; }
        j++;
      }
      text += '{{}}';
      continue;
    }
    text += src[j]; j++;
  }
  return { text, end: j + 1 };
}

/** Literals between `start` and the bracket that closes the one opened just before it. */
function literalsInCall(src: string, start: number): { literals: string[]; end: number } {
  const literals: string[] = [];
  let depth = 1; let j = start;
  while (j < src.length && depth > 0) {
    const c = src[j];
    if (c === "'" || c === '"' || c === '`') {
      const lit = literalAt(src, j);
      literals.push(lit.text);
      j = lit.end; continue;
    }
    if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']' || (c === ';' && depth === 1)) depth--;
    j++;
  }
  return { literals, end: j };
}

const isSentence = (text: string) => /\s/.test(text.replace(/\{\{\}\}/g, ''));

/**
 * Sentences inside a funnel's brackets, and those of every UPPER_CASE constant named there (found
 * where it is defined, in any of `files`).
 */
export function scanServer(files: string[]): Found[] {
  const sources = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]));
  const found: Found[] = [];
  const constants = new Set<string>(TABLES);
  for (const [file, src] of sources) {
    for (const m of src.matchAll(FUNNELS)) {
      const { literals, end } = literalsInCall(src, m.index + m[0].length);
      for (const l of literals) if (isSentence(l)) found.push({ file, skeleton: l });
      // Names inside a template's ${...} too: `${UPGRADE[plan]}`.
      for (const id of src.slice(m.index, end).matchAll(/\b[A-Z][A-Z0-9_]+\b/g)) constants.add(id[0]);
    }
  }
  for (const [file, src] of sources) {
    for (const m of src.matchAll(/\bconst (\w+)(?::[^=]+)? =/g)) {
      if (!constants.has(m[1]!)) continue;
      const { literals } = literalsInCall(src, m.index + m[0].length);
      for (const l of literals) if (isSentence(l)) found.push({ file, skeleton: l });
    }
  }
  return found;
}

/** The messages a contract schema gives for a bad value: `{ error }`, `message:` and the text of min/max/regex/refine. */
export function scanSchemas(files: string[]): Found[] {
  const found: Found[] = [];
  for (const file of files) {
    const src = readFileSync(file, 'utf8');
    for (const m of src.matchAll(/(\berror: |\bmessage: |\.(?:min|max|length|regex|refine|startsWith)\()/g)) {
      let j = m.index + m[0].length;
      if (m[0].startsWith('.')) {
        // the text is the second argument
        const { literals } = literalsInCall(src, j);
        for (const l of literals) if (isSentence(l) || /^[A-Z]/.test(l)) found.push({ file, skeleton: l });
        continue;
      }
      while (src[j] === ' ') j++;
      if (src[j] === "'" || src[j] === '"' || src[j] === '`') found.push({ file, skeleton: literalAt(src, j).text });
    }
  }
  return found;
}
