// A long assistant reply of the kind that makes chat clients stutter: ~200 KB of markdown with headings,
// paragraphs, lists, tables, quotes and many code blocks in several languages. Deterministic, so every run
// (and the plain <pre> it is compared with) streams the same text.

const WORDS = (
  'the gateway streams each token as soon as the model writes it so the client must render fast ' +
  'without blocking input latency matters more than throughput when a person is reading along ' +
  'tables and code blocks are where naive renderers spend most of their time re-parsing everything'
).split(' ');

function sentence(seed: number, length: number): string {
  const words: string[] = [];
  for (let i = 0; i < length; i++) words.push(WORDS[(seed * 7 + i * 13) % WORDS.length]!);
  const text = words.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

function paragraph(seed: number): string {
  const parts = [sentence(seed, 14), sentence(seed + 1, 9), `Use \`option_${seed}\` with **care**.`];
  return parts.join(' ');
}

const CODE: Array<[language: string, body: (n: number) => string]> = [
  [
    'ts',
    (n) =>
      `export async function fetchPage${n}(url: string): Promise<string[]> {\n  const response = await fetch(url);\n  if (!response.ok) throw new Error(\`HTTP \${response.status}\`);\n  const items = (await response.json()) as { id: number; name: string }[];\n  return items.filter((item) => item.id > ${n}).map((item) => item.name);\n}`,
  ],
  [
    'python',
    (n) =>
      `def summarise_${n}(rows):\n    """Group rows by key and count them."""\n    counts = {}\n    for row in rows:\n        counts[row["key"]] = counts.get(row["key"], 0) + ${n}\n    return sorted(counts.items(), key=lambda kv: -kv[1])`,
  ],
  [
    'bash',
    (n) =>
      `for file in ./logs/*.log; do\n  grep -c "ERROR ${n}" "$file" | awk -v f="$file" '{ print f": "$1 }'\ndone`,
  ],
  [
    'json',
    (n) =>
      `{\n  "id": ${n},\n  "model": "gpt-5-mini",\n  "stream": true,\n  "tags": ["bench", "markdown", "row-${n}"],\n  "nested": { "depth": 2, "ok": true }\n}`,
  ],
  [
    'sql',
    (n) =>
      `SELECT user_id, COUNT(*) AS requests\nFROM gateway_log\nWHERE status >= 500 AND day = ${n}\nGROUP BY user_id\nORDER BY requests DESC\nLIMIT 20;`,
  ],
];

function table(seed: number): string {
  const rows = ['| Model | Latency (ms) | Tokens/s | Notes |', '| --- | ---: | ---: | --- |'];
  for (let i = 0; i < 6; i++) {
    rows.push(
      `| model-${seed}-${i} | ${100 + ((seed * 31 + i * 17) % 400)} | ${20 + ((seed + i) % 80)} | ${sentence(seed + i, 4)} |`,
    );
  }
  return rows.join('\n');
}

function section(n: number): string {
  const [language, code] = CODE[n % CODE.length]!;
  const blocks = [
    `## ${n + 1}. ${sentence(n, 5).slice(0, -1)}`,
    paragraph(n),
    `- ${sentence(n + 2, 6)}\n- ${sentence(n + 3, 7)}\n  - nested: \`value_${n}\`\n- ${sentence(n + 4, 5)}`,
    `\`\`\`${language}\n${code(n)}\n\`\`\``,
    paragraph(n + 5),
  ];
  if (n % 2 === 0) blocks.push(table(n));
  if (n % 3 === 0) blocks.push(`> ${sentence(n + 6, 12)}\n> ${sentence(n + 7, 8)}`);
  if (n % 4 === 0)
    blocks.push(
      `1. ${sentence(n + 8, 5)}\n2. ${sentence(n + 9, 6)}\n3. See [the docs](https://example.com/docs/${n}).`,
    );
  return blocks.join('\n\n');
}

/** About `bytes` of markdown (ends at a section boundary just past it). */
export function longMarkdownReply(bytes = 200_000): string {
  const sections: string[] = ['# A long answer\n\nHere is everything, section by section.'];
  let length = sections[0]!.length;
  for (let n = 0; length < bytes; n++) {
    const next = section(n);
    sections.push(next);
    length += next.length + 2;
  }
  return sections.join('\n\n');
}

/**
 * A reply of a few very long blocks, as a model writes a big table or a long list: ~55 KB of one table
 * (800 rows), then ~45 KB of one list (800 items). Each block grows for hundreds of updates.
 */
export function longBlocksReply(): string {
  const rows = Array.from(
    { length: 800 },
    (_, n) => `| ${n + 1} | item **${n}** | \`value_${n}\` | ${sentence(n, 5)} |`,
  );
  const items = Array.from({ length: 800 }, (_, n) => `- ${sentence(n + 3, 6)} See \`option_${n}\`.`);
  return [
    '# Everything in two blocks',
    ['| # | name | value | note |', '|---|---|---|---|', ...rows].join('\n'),
    items.join('\n'),
    'That is all.',
  ].join('\n\n');
}

/** The reply cut into deltas of `size` characters (code points), as a model streams it. */
export function deltasOf(text: string, size: number): string[] {
  const points = [...text];
  const deltas: string[] = [];
  for (let i = 0; i < points.length; i += size) deltas.push(points.slice(i, i + size).join(''));
  return deltas;
}
