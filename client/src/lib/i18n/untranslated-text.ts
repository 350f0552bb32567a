import ts from 'typescript';

/** JSX attributes a person reads or hears. */
const VISIBLE_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'aria-description']);

/** Words that read the same in every language: the product, standards, symbols. */
const SAME_IN_EVERY_LANGUAGE = new Set(['Genie', 'GDPR', 'SSO', 'FAQ', 'Premium', 'Pro', 'OK', 'PDF', 'API']);

const hasWords = (text: string) => /\p{L}{2,}/u.test(text) && !SAME_IN_EVERY_LANGUAGE.has(text.trim());

/** A text a component shows as it is written, with its line: a JSX text node or a visible attribute's literal. */
export interface UntranslatedText {
  line: number;
  text: string;
}

/** The user-visible string literals left in a .tsx file's JSX (issue 44's check). */
export function untranslatedTexts(fileName: string, source: string): UntranslatedText[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: UntranslatedText[] = [];
  const report = (node: ts.Node, text: string) =>
    found.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: text.trim() });
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) report(node, node.text);
    if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(file)) && node.initializer) {
      const value = node.initializer;
      if (ts.isStringLiteral(value) && hasWords(value.text)) report(node, value.text);
      if (ts.isJsxExpression(value) && value.expression && ts.isStringLiteralLike(value.expression) && hasWords(value.expression.text)) {
        report(node, value.expression.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
