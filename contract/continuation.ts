/**
 * What a Continue adds to the reply it continues (issue 42): the model's new text, after a space
 * when the two would otherwise run together. A model answering a new turn starts its text without
 * the leading space it would have written mid-reply, and a length limit cuts between tokens, so
 * the reply almost always stopped at a word's end: "story" + "and then" reads "story and then".
 * No space goes before punctuation or a closing bracket, or where either side already has
 * whitespace.
 */
export function continuationPiece(before: string, added: string): string {
  if (before === '' || added === '' || /\s$/.test(before) || /^[\s.,;:!?)\]}'"’”…-]/.test(added)) return added;
  return ` ${added}`;
}
