// Structured output on the wire: how each chat format asks for a reply that follows a JSON Schema.
// The schema arrives as the editor's text; main has checked it before the call (services/structured-output.ts),
// so a text that does not parse here is refused as a request that cannot be built, with nothing sent.
import type { StructuredOutput } from '../../src-preload/contract.ts';
import { GatewayError } from './gateway-error.ts';
import { words } from './words.ts';

function schemaOf(structured: StructuredOutput): unknown {
  try {
    return JSON.parse(structured.schema);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new GatewayError('invalid_input', words('message.schemaNotJson', { detail }), {
      hint: words('hint.fixSchema'),
      retryable: false,
    });
  }
}

/** Responses: `text.format` (WIRE.md, Responses request `text {format}`). */
export function responsesTextFormat(structured: StructuredOutput): Record<string, unknown> {
  return {
    format: {
      type: 'json_schema',
      name: structured.name,
      schema: schemaOf(structured),
      strict: structured.strict,
    },
  };
}

/** Chat Completions: `response_format` (WIRE.md, Chat Completions request). */
export function chatResponseFormat(structured: StructuredOutput): Record<string, unknown> {
  return {
    type: 'json_schema',
    json_schema: { name: structured.name, schema: schemaOf(structured), strict: structured.strict },
  };
}

/**
 * Content generation: the `generationConfig` fields. `responseJsonSchema` takes JSON Schema as written
 * (unlike the older `responseSchema`, which takes Google's own subset); the format has no name or strict flag.
 */
export function contentJsonConfig(structured: StructuredOutput): Record<string, unknown> {
  return { responseMimeType: 'application/json', responseJsonSchema: schemaOf(structured) };
}
