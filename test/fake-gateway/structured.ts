// Structured output: where each format asks for a JSON reply, the checks a provider makes on that request,
// and the JSON document the fake answers with when the test scripted no reply — built from the schema, so
// a client can validate a reply that really follows what it asked for.
//   Responses:          text.format = {type: "json_schema", name, schema, strict?}
//   Chat Completions:   response_format = {type: "json_schema", json_schema: {name, schema, strict?}}
//   Content generation: generationConfig = {responseMimeType: "application/json", responseJsonSchema}
//                       (or the older OpenAPI-subset `responseSchema`)
import type { OpenAIError } from './errors.ts';
import { isRecord } from './state.ts';
import type { FakeModel } from './types.ts';
import { invalidValue, missingParameter } from './validate.ts';

/** OpenAI: "Must be a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum length of 64." */
const SCHEMA_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export interface JsonRequest {
  /** The schema the reply must follow (an object), when the request gave one. */
  schema?: Record<string, unknown>;
  /** OpenAI formats: the schema's name and whether strict mode was asked for. */
  name?: string;
  strict?: boolean;
  problem?: OpenAIError;
}

/** An OpenAI-format `json_schema` description (`{name, schema, strict?}`), found at `param`. */
function openaiSchema(description: unknown, param: string): JsonRequest {
  if (!isRecord(description)) return { problem: missingParameter(param) };
  if (description.name === undefined) return { problem: missingParameter(`${param}.name`) };
  if (typeof description.name !== 'string' || !SCHEMA_NAME.test(description.name)) {
    return {
      problem: invalidValue(
        `${param}.name`,
        `Invalid '${param}.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$' (at most 64 characters).`,
        'invalid_value',
      ),
    };
  }
  if (description.schema === undefined) return {};
  if (!isRecord(description.schema)) {
    return {
      problem: invalidValue(
        `${param}.schema`,
        `Invalid type for '${param}.schema': expected an object.`,
        'invalid_type',
      ),
    };
  }
  return { schema: description.schema, name: description.name, strict: description.strict === true };
}

/**
 * Strict mode as OpenAI enforces it on its own models (a channel to another provider passes the flag on or
 * drops it): every object says `additionalProperties: false` and lists every property in `required`.
 * Answered as OpenAI answers ("Invalid schema for response_format 'x': In context=('properties', 'a'), …");
 * Responses names `text.format.schema` with code `invalid_json_schema`, Chat Completions `response_format`.
 */
export function strictSchemaProblem(
  models: FakeModel[],
  model: string,
  wanted: JsonRequest,
  format: 'responses' | 'chat',
): OpenAIError | null {
  if (!wanted.strict || !wanted.schema) return null;
  if (models.find((m) => m.id === model)?.ownedBy !== 'openai') return null;
  const why = strictViolation(wanted.schema, []);
  if (!why) return null;
  return {
    status: 400,
    message: `Invalid schema for response_format '${wanted.name}': ${why}`,
    type: 'invalid_request_error',
    param: format === 'responses' ? 'text.format.schema' : 'response_format',
    code: format === 'responses' ? 'invalid_json_schema' : null,
  };
}

function strictViolation(schema: unknown, path: string[]): string | null {
  if (!isRecord(schema)) return null;
  const context = `In context=(${path.map((p) => `'${p}'`).join(', ')})`;
  const properties = isRecord(schema.properties) ? schema.properties : undefined;
  if (schema.type === 'object' || properties) {
    if (schema.additionalProperties !== false) {
      return `${context}, 'additionalProperties' is required to be supplied and to be false.`;
    }
    const required = Array.isArray(schema.required) ? schema.required : [];
    const missing = Object.keys(properties ?? {}).find((name) => !required.includes(name));
    if (missing !== undefined) {
      return `${context}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
    }
  }
  const children: Array<[string[], unknown]> = [
    ...Object.entries(properties ?? {}).map(([name, sub]): [string[], unknown] => [
      ['properties', name],
      sub,
    ]),
    [['items'], schema.items],
    ...(['$defs', 'definitions'] as const).flatMap((key) =>
      Object.entries(isRecord(schema[key]) ? schema[key] : {}).map(([name, sub]): [string[], unknown] => [
        [key, name],
        sub,
      ]),
    ),
    ...(['anyOf', 'allOf'] as const).flatMap((key) =>
      (Array.isArray(schema[key]) ? schema[key] : []).map((sub, i): [string[], unknown] => [
        [key, String(i)],
        sub,
      ]),
    ),
  ];
  for (const [step, sub] of children) {
    const why = strictViolation(sub, [...path, ...step]);
    if (why) return why;
  }
  return null;
}

/** Responses: `text.format`. */
export function responsesJsonRequest(request: Record<string, unknown>): JsonRequest {
  const format = isRecord(request.text) ? request.text.format : undefined;
  if (!isRecord(format) || format.type !== 'json_schema') return {};
  // Responses puts name/schema/strict beside `type`, not under a `json_schema` key.
  return openaiSchema(format, 'text.format');
}

/** Chat Completions: `response_format`. */
export function chatJsonRequest(request: Record<string, unknown>): JsonRequest {
  const format = request.response_format;
  if (format === undefined) return {};
  if (!isRecord(format) || !['text', 'json_object', 'json_schema'].includes(String(format.type))) {
    return {
      problem: invalidValue(
        'response_format.type',
        "Invalid value for 'response_format.type': supported values are 'text', 'json_object' and 'json_schema'.",
      ),
    };
  }
  if (format.type !== 'json_schema') return {};
  return openaiSchema(format.json_schema, 'response_format.json_schema');
}

/** Content generation: `generationConfig.responseMimeType` + `responseJsonSchema` (or `responseSchema`). */
export function contentJsonRequest(request: Record<string, unknown>): JsonRequest {
  const config = isRecord(request.generationConfig) ? request.generationConfig : {};
  const schema = config.responseJsonSchema ?? config.responseSchema;
  if (schema === undefined) return {};
  if (config.responseMimeType !== 'application/json') {
    // Google: a schema needs a JSON reply type.
    return {
      problem: invalidValue(
        'generation_config.response_mime_type',
        '* GenerateContentRequest.generation_config.response_mime_type: response_mime_type must be application/json when a response schema is set.',
      ),
    };
  }
  if (!isRecord(schema)) {
    return {
      problem: invalidValue(
        'generation_config.response_json_schema',
        'Invalid value at generation_config.response_json_schema: expected an object.',
      ),
    };
  }
  return { schema };
}

const MAX_DEPTH = 12;

/**
 * A small document that follows `schema`: objects with every property (required ones first), the first
 * `enum` value or `const`, strings (a plausible value for common `format`s), numbers within bounds, `true`,
 * arrays of `minItems` (at least one) items. `$ref` to `#/…` inside the schema, and the first branch of
 * `oneOf` / `anyOf`, are followed; `allOf` branches are merged. Type names may be upper case, as Gemini's
 * OpenAPI-style `responseSchema` writes them.
 */
export function sampleFromSchema(schema: unknown, root: unknown = schema, depth = 0): unknown {
  if (!isRecord(schema) || depth > MAX_DEPTH) return null;
  if (typeof schema.$ref === 'string')
    return sampleFromSchema(resolveRef(root, schema.$ref), root, depth + 1);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.length > 0) return sampleFromSchema(branches[0], root, depth + 1);
  }
  if (Array.isArray(schema.allOf)) {
    const merged = schema.allOf.map((branch) => sampleFromSchema(branch, root, depth + 1));
    return merged.every(isRecord) ? Object.assign({}, ...merged) : (merged[0] ?? null);
  }
  const declared = Array.isArray(schema.type)
    ? schema.type.find((type) => String(type).toLowerCase() !== 'null')
    : schema.type;
  const type = typeof declared === 'string' ? declared.toLowerCase() : inferType(schema);
  switch (type) {
    case 'object':
      return sampleObject(schema, root, depth);
    case 'array': {
      const count = Math.max(1, typeof schema.minItems === 'number' ? schema.minItems : 1);
      return Array.from({ length: count }, () => sampleFromSchema(schema.items ?? {}, root, depth + 1));
    }
    case 'string':
      return sampleString(schema);
    case 'integer':
      return sampleNumber(schema, 1, true);
    case 'number':
      return sampleNumber(schema, 1.5, false);
    case 'boolean':
      return true;
    default:
      return null;
  }
}

function inferType(schema: Record<string, unknown>): string {
  if (isRecord(schema.properties)) return 'object';
  if (schema.items !== undefined) return 'array';
  return 'null';
}

function sampleObject(
  schema: Record<string, unknown>,
  root: unknown,
  depth: number,
): Record<string, unknown> {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
  const names = [...required, ...Object.keys(properties).filter((name) => !required.includes(name))];
  const out: Record<string, unknown> = {};
  for (const name of names) out[name] = sampleFromSchema(properties[name] ?? {}, root, depth + 1);
  return out;
}

function sampleString(schema: Record<string, unknown>): string {
  const byFormat: Record<string, string> = {
    'date-time': '2025-09-15T10:30:00Z',
    date: '2025-09-15',
    time: '10:30:00',
    email: 'someone@example.com',
    uri: 'https://example.com/',
    uuid: '123e4567-e89b-42d3-a456-426614174000',
  };
  const value = byFormat[String(schema.format)] ?? 'example';
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  return value.padEnd(min, 'x').slice(0, max);
}

function sampleNumber(schema: Record<string, unknown>, fallback: number, integer: boolean): number {
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  let value = fallback;
  if (min !== undefined && value < min) value = min;
  if (max !== undefined && value > max) value = max;
  return integer ? Math.ceil(value) : value;
}

/** A `#/a/b` JSON pointer inside the schema (with `~1` / `~0` escapes); anything else resolves to nothing. */
function resolveRef(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').filter(Boolean)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = isRecord(node) ? node[key] : undefined;
  }
  return node;
}
