// The default model catalogue: what a typical new-api key can reach. Tests replace it with `setModels`.
import type { FakeModel } from './types.ts';

export const defaultModels: FakeModel[] = [
  { id: 'gpt-4o-mini', ownedBy: 'openai', endpointTypes: ['openai', 'openai-response'] },
  {
    id: 'gpt-5-mini',
    ownedBy: 'openai',
    endpointTypes: ['openai', 'openai-response', 'openai-response-compact'],
  },
  { id: 'whisper-1', ownedBy: 'openai', endpointTypes: ['openai'] },
  { id: 'gpt-4o-transcribe', ownedBy: 'openai', endpointTypes: ['openai'] },
  { id: 'gpt-4o-mini-transcribe', ownedBy: 'openai', endpointTypes: ['openai'] },
  { id: 'gpt-4o-transcribe-diarize', ownedBy: 'openai', endpointTypes: ['openai'] },
  { id: 'tts-1', ownedBy: 'openai', endpointTypes: ['openai'] },
  { id: 'tts-1-hd', ownedBy: 'openai', endpointTypes: ['openai'] },
  { id: 'gpt-4o-mini-tts', ownedBy: 'openai', endpointTypes: ['openai'] },
  {
    id: 'gemini-2.5-flash',
    ownedBy: 'vertex-ai',
    endpointTypes: ['gemini', 'openai'],
    displayName: 'Gemini 2.5 Flash',
    inputTokenLimit: 1_048_576,
    outputTokenLimit: 65_536,
  },
  {
    id: 'gemini-2.5-pro',
    ownedBy: 'vertex-ai',
    endpointTypes: ['gemini', 'openai'],
    displayName: 'Gemini 2.5 Pro',
    inputTokenLimit: 1_048_576,
    outputTokenLimit: 65_536,
  },
  // Channels new-api reaches only through Chat Completions: a Claude channel lists its native `anthropic`
  // type too (a format the app does not speak), a DeepSeek channel only `openai`.
  { id: 'claude-sonnet-4-5', ownedBy: 'anthropic', endpointTypes: ['anthropic', 'openai'] },
  { id: 'deepseek-chat', ownedBy: 'deepseek', endpointTypes: ['openai'] },
  // A Responses-only model, as OpenAI offers o3-pro only on /v1/responses.
  { id: 'o3-pro', ownedBy: 'openai', endpointTypes: ['openai-response'] },
];

/**
 * The `endpointTypes` entries that open a format here (`openai` Chat Completions, `openai-response`
 * Responses, `openai-response-compact` compaction, `gemini` content generation); a model without the one a
 * call needs is answered like new-api answers a format mismatch (`checkModel`).
 */
export type EndpointType = 'openai' | 'openai-response' | 'openai-response-compact' | 'gemini';

/** What the listings say the model speaks (see `FakeModel.listedEndpointTypes`). */
const listedTypes = (m: FakeModel): string[] => m.listedEndpointTypes ?? m.endpointTypes;

export function openaiListing(models: FakeModel[]): unknown {
  return {
    object: 'list',
    success: true,
    data: models.map((m) => ({
      id: m.id,
      object: 'model',
      created: 1_700_000_000,
      owned_by: m.ownedBy,
      supported_endpoint_types: listedTypes(m),
    })),
  };
}

export function geminiModel(m: FakeModel): unknown {
  return {
    name: `models/${m.id}`,
    version: '001',
    displayName: m.displayName ?? m.id,
    supportedGenerationMethods: ['generateContent', 'streamGenerateContent'],
    inputTokenLimit: m.inputTokenLimit ?? 128_000,
    outputTokenLimit: m.outputTokenLimit ?? 8_192,
  };
}

/** `/v1beta/models` lists only the models that speak the content-generation format. */
export function geminiListing(models: FakeModel[]): unknown {
  return { models: models.filter((m) => listedTypes(m).includes('gemini')).map(geminiModel) };
}
