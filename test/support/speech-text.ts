// Long texts for speech tests: numbered sentences (so no two parts of a split are alike), exactly `count`
// characters and ending in a full stop. Each test passes its own sentences, so its text and the parts it is
// split into stay what its assertions were written against.
export function numberedSentences(count: number, sentences: readonly string[]): string {
  let text = '';
  for (let i = 0; text.length < count; i++) text += `${i + 1}. ${sentences[i % sentences.length]} `;
  return `${text.slice(0, count - 1).trimEnd()}.`;
}
