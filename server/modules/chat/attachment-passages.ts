import { chunkPassages, type PassageDraft } from '../../adapters/extraction/chunk-passages';
import type { AttachmentReader } from '../../adapters/llm/attachment-text';
import type { FilesForChat } from '../files/file-records.service';
import type { KnowledgePassage } from '../search/search.service';
import type { ResolvedAttachment } from './chat-attachments';
import type { AttachmentPassageReader } from './chat-knowledge';
import { bestBodies, trimToSentences } from './passage-ranking';

/**
 * A long attachment read like the library when the search index has none of its passages yet
 * (issue 39): the whole file is read again by an extraction worker and cut by the indexer's own
 * chunking (with its pages), and the passages that bear most on the question are ranked here.
 */

/** The snippet a citation shows: the passage's sentences that bear most on the question. */
const SNIPPET_CHARS = 240;

export function passagesFromDrafts(a: ResolvedAttachment, question: string, drafts: PassageDraft[], limit: number): KnowledgePassage[] {
  return bestBodies(question, drafts.map((d) => d.body), limit).map(({ index, score }) => {
    const d = drafts[index]!;
    const snippet = trimToSentences(d.body, question, SNIPPET_CHARS) || d.body.slice(0, SNIPPET_CHARS);
    return { n: 0, fileId: a.file.id, fileName: a.file.originalName, page: d.page, heading: d.heading, body: d.body, snippet: snippet.replace(/\s+/g, ' '), score };
  });
}

/** The attachment's text as it is (when the file cannot be read again): one part, without pages. */
export function passagesOfText(a: ResolvedAttachment, question: string, limit: number): KnowledgePassage[] {
  return passagesFromDrafts(a, question, chunkPassages([{ page: null, heading: null, text: a.extracted.text }]), limit);
}

export function attachmentPassageReader(files: FilesForChat, reader: AttachmentReader): AttachmentPassageReader {
  return async (a, question, limit) => {
    const kind = a.extracted.kind;
    // A picture is one page of OCR'd text, never long enough to need its passages.
    if (kind === 'unsupported' || kind === 'image') return [];
    const result = await reader
      .extract({ kind, maxChars: reader.limits.maxChars, output: 'passages', open: () => files.openFile(a.file) })
      .catch(() => null);
    // Unreadable now (busy, gone): the text already read stands in, cut the same way.
    if (!result?.ok || !result.passages?.length) return passagesOfText(a, question, limit);
    return passagesFromDrafts(a, question, result.passages, limit);
  };
}
