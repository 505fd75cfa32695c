// Finds user-facing text written into components instead of taken from the catalogues (issue 18 item 5):
// JSX text with a letter in it, and string literals (or templates with text) given to the attributes and
// props that reach the user — aria-label, title, placeholder, alt, and the like. Read with TypeScript's
// own parser, so comments, class names, test ids and keys are never mistaken for text. A heuristic: text
// built elsewhere and passed in a variable is not seen; what it finds is certainly text for the user.
import { readFileSync } from 'node:fs';
import ts from 'typescript';

/** Attributes and props whose value the user reads or hears. */
const SPOKEN_PROPS = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'title',
  'placeholder',
  'alt',
  'label',
  'description',
  'hint',
  'message',
  'text',
  'confirmLabel',
  'cancelLabel',
  'emptyText',
  'tooltip',
]);

/** Any letter of any script: digits, punctuation and symbols alone (`·`, `×`, `0:00`) are not words. */
const LETTER = /\p{L}/u;

export interface HardcodedString {
  line: number;
  text: string;
}

export function hardcodedStrings(path: string): HardcodedString[] {
  const source = ts.createSourceFile(
    path,
    readFileSync(path, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: HardcodedString[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push({ line: line + 1, text: text.trim().slice(0, 80) });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && LETTER.test(node.text)) report(node, node.text);
    if (ts.isJsxAttribute(node) && SPOKEN_PROPS.has(node.name.getText(source)) && node.initializer) {
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer;
      if (
        value &&
        (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) &&
        LETTER.test(value.text)
      )
        report(node, value.text);
      if (value && ts.isTemplateExpression(value)) {
        const pieces = [value.head.text, ...value.templateSpans.map((span) => span.literal.text)].join(' ');
        if (LETTER.test(pieces)) report(node, value.getText(source));
      }
    }
    // The same names in an object literal: `{ title: 'System keychain', text: '…' }` rendered later.
    if (
      ts.isPropertyAssignment(node) &&
      SPOKEN_PROPS.has(node.name.getText(source).replace(/['"]/g, '')) &&
      (ts.isStringLiteral(node.initializer) || ts.isNoSubstitutionTemplateLiteral(node.initializer)) &&
      LETTER.test(node.initializer.text)
    )
      report(node, node.initializer.text);
    // A string child in braces: {'Save'}.
    if (
      ts.isJsxExpression(node) &&
      node.expression &&
      ts.isStringLiteral(node.expression) &&
      ts.isJsxElement(node.parent) &&
      LETTER.test(node.expression.text)
    )
      report(node, node.expression.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
