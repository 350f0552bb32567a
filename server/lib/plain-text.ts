/**
 * Markdown's marks taken out of a short line of text, for places that show it as plain text: a
 * model-written conversation title ("**brapsky** (noun)"), a conversation-search snippet cut from
 * a reply ("**[3] tar.pdf, p. 13**"). The words stay as written; only the marks around them go.
 * Marks inside a word (snake_case, 2*3*4) are not emphasis and stay.
 */
export function plainText(markdown: string): string {
  return (
    markdown
      // Images and links keep their text: ![alt](src), [text](href).
      .replace(/!?\[([^\]\n]*)\]\([^)\n]*\)/g, '$1')
      // Inline code keeps its content.
      .replace(/`+([^`\n]*)`+/g, '$1')
      // Headings, quotes and list bullets at the start of a line (or after a snippet's collapsed line breaks).
      .replace(/(^|\n)[ \t]*(#{1,6}|>|[-+*])[ \t]+/g, '$1')
      .replace(/(^|\s)#{1,6}\s+/g, '$1')
      // Strong, emphasis and strike marks that open or close a run of words.
      .replace(/(^|[\s([{"'“‘])(\*{1,3}|_{1,3}|~~)(?=\S)/g, '$1')
      .replace(/(\S)(\*{1,3}|_{1,3}|~~)(?=$|[\s)\]}.,;:!?"'”’])/g, '$1')
      // What is left of a run of marks with nothing between them.
      .replace(/(^|\s)(\*{2,3}|_{2,3}|~~)(?=\s|$)/g, '$1')
  );
}
