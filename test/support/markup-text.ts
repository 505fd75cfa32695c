// The text a browser shows for markup rendered to a string (react-dom/server): tags removed, the entities
// React writes read back, spacing kept (what tests of indented text look at).

const ENTITIES: Record<string, string> = {
  '&quot;': '"',
  '&#x27;': "'",
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
};

export function markupText(html: string): string {
  return html.replace(/<[^>]+>/g, '').replace(/&(?:quot|#x27|lt|gt|amp);/g, (entity) => ENTITIES[entity]!);
}
