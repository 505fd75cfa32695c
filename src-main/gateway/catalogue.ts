// Model listings (`GET /v1/models`, `GET /v1beta/models`) → `CatalogueModel`s, and their merge.
// Families are hints for the UI only: the gateway decides what really works.
import type { CatalogueModel, ModelFamily } from '../../src-preload/contract.ts';
import { carriesError, failureFromErrorObject, malformedFailure } from './errors.ts';
import { isRecord } from './json.ts';
import { words } from './words.ts';

const ENDPOINT_FAMILIES: Readonly<Record<string, ModelFamily>> = {
  openai: 'chat',
  'openai-response': 'responses',
  'openai-response-compact': 'compact',
  gemini: 'content',
};

const GENERATION_FAMILIES: Readonly<Record<string, ModelFamily>> = {
  generateContent: 'content',
  streamGenerateContent: 'content',
};

const FAMILY_ORDER: readonly ModelFamily[] = [
  'responses',
  'compact',
  'chat',
  'content',
  'audio',
  'speech',
  'unknown',
];

/** Audio models are rarely labelled by endpoint type; their ids say what they are. */
export function familiesFromId(id: string): ModelFamily[] {
  const lower = id.toLowerCase();
  const families: ModelFamily[] = [];
  if (/whisper|transcri|speech-to-text|(^|[-_/.])(stt|asr)([-_/.]|$)/.test(lower)) families.push('audio');
  if (/(^|[-_/.])tts([-_/.]|$)|text-to-speech/.test(lower)) families.push('speech');
  return families;
}

function ordered(families: Iterable<ModelFamily>): ModelFamily[] {
  const set = new Set(families);
  if (set.size > 1) set.delete('unknown');
  if (set.size === 0) set.add('unknown');
  return FAMILY_ORDER.filter((family) => set.has(family));
}

export function stripModelsPrefix(name: string): string {
  return name.startsWith('models/') ? name.slice('models/'.length) : name;
}

function positive(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * A listing answered 200 with an error object instead (`{"error": {…}}`, as new-api does for a bad token
 * on some routes): that error, with the gateway's own message, rather than "the list had no array".
 */
function rejectErrorBody(body: unknown): void {
  if (carriesError(body)) throw failureFromErrorObject(body, 'models');
}

/** `{data: [{id, owned_by, supported_endpoint_types?}]}` */
export function catalogueFromV1(body: unknown): CatalogueModel[] {
  rejectErrorBody(body);
  const list = isRecord(body) ? body.data : undefined;
  if (!Array.isArray(list)) throw malformedFailure(words('malformed.modelsNoData'), 'models');
  const models: CatalogueModel[] = [];
  const seen = new Set<string>();
  for (const item of list) {
    if (!isRecord(item) || typeof item.id !== 'string' || item.id === '') continue;
    const id = stripModelsPrefix(item.id);
    if (seen.has(id)) continue;
    seen.add(id);
    const families: ModelFamily[] = familiesFromId(id);
    if (Array.isArray(item.supported_endpoint_types)) {
      for (const type of item.supported_endpoint_types) {
        const family = typeof type === 'string' ? ENDPOINT_FAMILIES[type] : undefined;
        if (family) families.push(family);
      }
    }
    models.push({ id, displayName: id, listedBy: ['v1'], families: ordered(families) });
  }
  return models;
}

/** The token of the next page of a `/v1beta/models` answer, if there is one (Google's `nextPageToken`). */
export function nextPageTokenOf(body: unknown): string | undefined {
  const token = isRecord(body) ? body.nextPageToken : undefined;
  return typeof token === 'string' && token !== '' ? token : undefined;
}

/**
 * One list from the pages of `/v1beta/models`, in order. A later page may omit `models` (proto3 JSON
 * leaves out an empty list); the first must have it, or this is not a model listing at all.
 */
export function catalogueFromV1betaPages(pages: readonly unknown[]): CatalogueModel[] {
  const all: unknown[] = [];
  pages.forEach((page, index) => {
    rejectErrorBody(page);
    const list = isRecord(page) ? page.models : undefined;
    if (Array.isArray(list)) all.push(...list);
    else if (index === 0 || list !== undefined)
      throw malformedFailure(words('malformed.modelsNoModels'), 'models');
  });
  return catalogueFromV1beta({ models: all });
}

/** `{models: [{name, displayName, supportedGenerationMethods?, inputTokenLimit?, outputTokenLimit?}]}` */
export function catalogueFromV1beta(body: unknown): CatalogueModel[] {
  rejectErrorBody(body);
  const list = isRecord(body) ? body.models : undefined;
  if (!Array.isArray(list)) throw malformedFailure(words('malformed.modelsNoModels'), 'models');
  const models: CatalogueModel[] = [];
  const seen = new Set<string>();
  for (const item of list) {
    if (!isRecord(item) || typeof item.name !== 'string' || item.name === '') continue;
    const id = stripModelsPrefix(item.name);
    if (seen.has(id)) continue;
    seen.add(id);
    const families: ModelFamily[] = familiesFromId(id);
    if (Array.isArray(item.supportedGenerationMethods)) {
      for (const method of item.supportedGenerationMethods) {
        const family = typeof method === 'string' ? GENERATION_FAMILIES[method] : undefined;
        if (family) families.push(family);
      }
    }
    const model: CatalogueModel = {
      id,
      displayName:
        typeof item.displayName === 'string' && item.displayName.trim() !== '' ? item.displayName : id,
      listedBy: ['v1beta'],
      families: ordered(families),
    };
    const input = positive(item.inputTokenLimit);
    if (input !== undefined) model.inputTokenLimit = input;
    const output = positive(item.outputTokenLimit);
    if (output !== undefined) model.outputTokenLimit = output;
    models.push(model);
  }
  return models;
}

/**
 * One list from both listings, merged by id: a model listed by both has `listedBy: ['v1', 'v1beta']`,
 * the union of family hints, the friendlier display name and any token limits. Sorted by id.
 */
export function mergeCatalogue(
  v1: readonly CatalogueModel[],
  v1beta: readonly CatalogueModel[],
): CatalogueModel[] {
  const byId = new Map<string, CatalogueModel>();
  for (const model of [...v1, ...v1beta]) {
    const existing = byId.get(model.id);
    if (!existing) {
      byId.set(model.id, { ...model, listedBy: [...model.listedBy], families: [...model.families] });
      continue;
    }
    const listedBy = new Set([...existing.listedBy, ...model.listedBy]);
    existing.listedBy = (['v1', 'v1beta'] as const).filter((family) => listedBy.has(family));
    existing.families = ordered([...existing.families, ...model.families]);
    if (existing.displayName === existing.id && model.displayName !== model.id)
      existing.displayName = model.displayName;
    if (existing.inputTokenLimit === undefined && model.inputTokenLimit !== undefined) {
      existing.inputTokenLimit = model.inputTokenLimit;
    }
    if (existing.outputTokenLimit === undefined && model.outputTokenLimit !== undefined) {
      existing.outputTokenLimit = model.outputTokenLimit;
    }
  }
  return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
