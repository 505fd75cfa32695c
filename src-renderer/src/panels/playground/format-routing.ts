// Which chat format a model is sent in, by the gateway's own rule (WIRE.md part 1): a model that speaks only
// one format gets that one; one that speaks Chat Completions and content generation gets Chat Completions
// (`/v1` preferred); one that speaks several gets the user's last choice for it, else the first of
// Responses, Chat Completions, content generation. What a model speaks comes from the gateway's catalogue;
// only where the catalogue says nothing does the model's name decide. Pure, for tests.
import {
  type CatalogueModel,
  CHAT_FORMATS,
  type ChatFormat,
  MAX_FORMAT_CHOICES,
  type ModelFamily,
} from '../../../../src-preload/contract.ts';

/** Catalogue families that are chat formats (`compact` rides on Responses and is not one). */
const FAMILY_FORMATS: Partial<Record<ModelFamily, ChatFormat>> = {
  responses: 'responses',
  chat: 'chat',
  content: 'content',
};

/** Every family a chat model may be listed under: the Playground suggests models of any chat format. */
export const CHAT_MODEL_FAMILIES: readonly ModelFamily[] = ['responses', 'compact', 'chat', 'content'];

export interface ModelFormats {
  formats: ChatFormat[];
  /** Where the formats come from: the gateway's catalogue, or (when it says nothing) the model's name. */
  source: 'catalogue' | 'name';
}

/**
 * Names of well-known model lines, for a model the catalogue lists without formats (or does not list):
 * OpenAI's GPT and o-series speak both OpenAI formats; Gemini speaks content generation and, through the
 * gateway's OpenAI route, Chat Completions; other vendors' chat models reach an OpenAI-style gateway as
 * Chat Completions.
 */
const NAME_RULES: ReadonlyArray<{ pattern: RegExp; formats: ChatFormat[] }> = [
  { pattern: /^(?:openai\/)?(?:gpt-|chatgpt-|o\d(?:-|$)|codex-)/i, formats: ['responses', 'chat'] },
  { pattern: /^(?:google\/|models\/)?gemini-|^(?:google\/)?gemma-/i, formats: ['chat', 'content'] },
  {
    pattern: /^(?:[a-z-]+\/)?(?:claude|deepseek|qwen|glm|kimi|moonshot|mistral|llama|grok|doubao|ernie)/i,
    formats: ['chat'],
  },
];

/** The formats `model` speaks, or `null` when neither the catalogue nor its name says. */
export function modelFormats(model: string, catalogue: readonly CatalogueModel[]): ModelFormats | null {
  const id = model.trim();
  if (id === '') return null;
  const listed = catalogue.find((entry) => entry.id === id);
  if (listed) {
    const formats = CHAT_FORMATS.filter((format) =>
      listed.families.some((family) => FAMILY_FORMATS[family] === format),
    );
    if (formats.length > 0) return { formats, source: 'catalogue' };
  }
  const rule = NAME_RULES.find(({ pattern }) => pattern.test(id));
  return rule ? { formats: [...rule.formats], source: 'name' } : null;
}

/**
 * The format a model is sent in: see the top of this file. `remembered`: the user's last choice for it,
 * which wins even over the catalogue: the listing is a hint only (WIRE.md part 2), and a choice made
 * after a listed format failed is the one that worked.
 */
export function routeFormat(formats: readonly ChatFormat[], remembered?: ChatFormat): ChatFormat | null {
  if (remembered !== undefined) return remembered;
  // Chat Completions before content generation, and Responses before both: the catalogue order.
  return CHAT_FORMATS.find((format) => formats.includes(format)) ?? null;
}

/** The key a format choice is remembered by: per profile (gateways differ) and model. */
export function formatChoiceKey(profileId: string, model: string): string {
  return `${profileId}\u241f${model.trim()}`;
}

/** The remembered choices with `key` set (moved last, as the newest) and the oldest beyond the limit dropped. */
export function withFormatChoice(
  choices: Readonly<Record<string, ChatFormat>>,
  key: string,
  format: ChatFormat,
): Record<string, ChatFormat> {
  const { [key]: _previous, ...others } = choices;
  const kept = Object.entries(others).slice(-(MAX_FORMAT_CHOICES - 1));
  return { ...Object.fromEntries(kept), [key]: format };
}
