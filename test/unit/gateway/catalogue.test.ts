// Model listings of both families as one catalogue.
import { describe, expect, it } from 'vitest';
import { catalogueFromV1, catalogueFromV1beta, mergeCatalogue } from '../../../src-main/gateway/catalogue.ts';

const v1 = catalogueFromV1({
  object: 'list',
  data: [
    {
      id: 'gpt-5-mini',
      owned_by: 'openai',
      supported_endpoint_types: ['openai', 'openai-response', 'openai-response-compact'],
    },
    { id: 'whisper-1', owned_by: 'openai' },
    { id: 'gpt-4o-mini-tts', owned_by: 'openai', supported_endpoint_types: ['openai'] },
    { id: 'gemini-2.5-flash', owned_by: 'vertex', supported_endpoint_types: ['gemini', 'openai'] },
    { id: 'rerank-x', supported_endpoint_types: ['jina-rerank'] },
    { id: 'whisper-1' },
    { nope: true },
  ],
});

const v1beta = catalogueFromV1beta({
  models: [
    {
      name: 'models/gemini-2.5-flash',
      displayName: 'Gemini 2.5 Flash',
      supportedGenerationMethods: ['generateContent', 'streamGenerateContent', 'countTokens'],
      inputTokenLimit: 1048576,
      outputTokenLimit: 65536,
    },
    { name: 'gemini-embedding', displayName: '', supportedGenerationMethods: ['embedContent'] },
  ],
  nextPageToken: 'ignored',
});

describe('catalogue', () => {
  it('reads /v1/models with family hints from endpoint types and ids', () => {
    expect(v1).toEqual([
      {
        id: 'gpt-5-mini',
        displayName: 'gpt-5-mini',
        listedBy: ['v1'],
        families: ['responses', 'compact', 'chat'],
      },
      { id: 'whisper-1', displayName: 'whisper-1', listedBy: ['v1'], families: ['audio'] },
      {
        id: 'gpt-4o-mini-tts',
        displayName: 'gpt-4o-mini-tts',
        listedBy: ['v1'],
        families: ['chat', 'speech'],
      },
      {
        id: 'gemini-2.5-flash',
        displayName: 'gemini-2.5-flash',
        listedBy: ['v1'],
        families: ['chat', 'content'],
      },
      { id: 'rerank-x', displayName: 'rerank-x', listedBy: ['v1'], families: ['unknown'] },
    ]);
  });

  it('reads /v1beta/models, stripping the models/ prefix', () => {
    expect(v1beta).toEqual([
      {
        id: 'gemini-2.5-flash',
        displayName: 'Gemini 2.5 Flash',
        listedBy: ['v1beta'],
        families: ['content'],
        inputTokenLimit: 1048576,
        outputTokenLimit: 65536,
      },
      {
        id: 'gemini-embedding',
        displayName: 'gemini-embedding',
        listedBy: ['v1beta'],
        families: ['unknown'],
      },
    ]);
  });

  it('merges by id: both listings, united families, the friendlier name, sorted', () => {
    const merged = mergeCatalogue(v1, v1beta);
    expect(merged.map((model) => model.id)).toEqual([
      'gemini-2.5-flash',
      'gemini-embedding',
      'gpt-4o-mini-tts',
      'gpt-5-mini',
      'rerank-x',
      'whisper-1',
    ]);
    expect(merged[0]).toEqual({
      id: 'gemini-2.5-flash',
      displayName: 'Gemini 2.5 Flash',
      listedBy: ['v1', 'v1beta'],
      families: ['chat', 'content'],
      inputTokenLimit: 1048576,
      outputTokenLimit: 65536,
    });
    // The inputs are left as they were.
    expect(v1[3]!.listedBy).toEqual(['v1']);
  });

  it('reports a listing without its array as malformed', () => {
    expect(() => catalogueFromV1({ models: [] })).toThrow(
      expect.objectContaining({ code: 'malformed_response' }),
    );
    expect(() => catalogueFromV1beta({ data: [] })).toThrow(
      expect.objectContaining({ code: 'malformed_response' }),
    );
  });
});
