// Random markdown documents for the renderer's tests: every kind of block, in every way one can be cut,
// continued lazily or interrupted, so that what is built piece by piece can be checked against the whole.
import { seededRandom } from '../../support/seeded-random.ts';

/** A document of 4 to 17 random blocks, the same for the same seed. */
export function generateDocument(seed: number): string {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const words = [
    'alpha',
    '**bold**',
    '_it_',
    '`code`',
    'beta',
    'http://example.com',
    '[ref link][r1]',
    'x*y',
  ];
  const sentence = () => Array.from({ length: 1 + Math.floor(next() * 6) }, () => pick(words)).join(' ');
  const codeLines = () =>
    Array.from({ length: 1 + Math.floor(next() * 4) }, () =>
      pick(['const a = 1;', '', '- not a list', '# not a heading', '| not | a table |', '  indented', '```']),
    );

  const pieces: Array<() => string> = [
    () => sentence(),
    () => `${sentence()}\n${sentence()}`,
    () => `${pick(['#', '##', '###'])} ${sentence()}`,
    () => `${sentence()}\n${pick(['===', '---'])}`,
    () => pick(['---', '***', '___', '* * *']),
    () => {
      const fence = pick(['```', '````', '~~~']);
      const body = codeLines().filter((line) => !line.startsWith(fence[0]!.repeat(3)) || fence === '~~~');
      const closing = fence === '````' ? pick(['````', '`````']) : fence;
      return `${pick(['', ' ', '  '])}${fence}${pick(['', 'ts', 'python'])}\n${body.join('\n')}\n${closing}`;
    },
    () => `    code line\n\n    more code\n${pick(['', '    tail'])}`,
    () => {
      const marker = pick(['-', '*', '1.', '1)']);
      const items = Array.from({ length: 1 + Math.floor(next() * 3) }, (_, index) => {
        const own = marker.endsWith('.') || marker.endsWith(')') ? `${index + 1}${marker.slice(-1)}` : marker;
        const pad = ' '.repeat(own.length + 1);
        const extras = [
          '',
          `\n${pad}- nested ${sentence()}`,
          `\n\n${pad}${sentence()}`,
          `\n${pad}\`\`\`\n${pad}in list\n\n${pad}after blank\n${pad}\`\`\``,
          `\nlazy ${sentence()}`,
        ];
        return `${own} ${sentence()}${pick(extras)}`;
      });
      return items.join(pick(['\n', '\n\n']));
    },
    () => `> ${sentence()}\n${pick(['> more', 'lazy line', '> - quoted item', '>\n> ```\n> q\n> ```'])}`,
    () => {
      const rows = Array.from({ length: Math.floor(next() * 4) }, () => `| ${sentence()} | 2 |`);
      return [`| a | b |`, pick(['|---|---|', '|:--|--:|', '| --- | :-: |']), ...rows].join('\n');
    },
    () => `${sentence()}\n| a | b |\n|---|---|\n| 1 | 2 |`,
    () => `${pick(['2.', '10)'])} not a list start when it interrupts`,
    () => `<script>alert(1)</script> ${sentence()}`,
    () => pick(['-', '1.', '>', '#', '|', '```']),
    // Tables below the top level, and lists three deep.
    () => `> | a | b |\n> |---|---|\n> | ${sentence()} | 1 |\n${pick(['> | 2 | 3 |', 'lazy after'])}`,
    () => `- ${sentence()}\n\n  | a | b |\n  |---|---|\n  | ${sentence()} | 1 |`,
    () =>
      `- ${sentence()}\n  - ${sentence()}\n    - ${sentence()}\n${pick(['  - back up', '- top again', ''])}`,
  ];

  const parts = ['[r1]: https://example.com/ref "Title"'];
  const count = 3 + Math.floor(next() * 14);
  for (let index = 0; index < count; index++) parts.push(pick(pieces)());
  let text = '';
  for (const part of parts) text += part + pick(['\n', '\n\n', '\n\n\n', '\n\n']);
  if (next() < 0.15) text += pick(['```js\nunclosed fence\n', '- trailing item', 'no newline at end']);
  return next() < 0.1 ? text.replaceAll('\n', '\r\n') : text;
}
