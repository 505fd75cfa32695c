// Structured output, checked in main: a schema is refused before anything is sent when it is not a usable
// JSON Schema (with the validator's own message), and a reply is checked against the schema it was asked
// for. Ajv (draft 2020-12) is the validator; it is told not to be strict, since a schema written for a
// provider often carries keywords Ajv does not know (`strict` is set per request, not per schema).
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import type { StructuredVerdict } from '../../src-preload/contract.ts';
import { AppFailure } from '../app-failure.ts';
import { t } from '../i18n/index.ts';

/** Compiled schemas kept, by text: the same schema is checked before every send and against every reply. */
const CACHE_SIZE = 20;
/** The verdict lists at most this many of the validator's messages. */
const MAX_ERRORS = 30;

const compiled = new Map<string, ValidateFunction>();

function refuse(message: string): AppFailure {
  return new AppFailure('invalid_input', message, { hint: t('errors.schema.hint') });
}

// One validator for every schema: a new one would check its meta-schema again each time (tens of ms).
const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });

function compile(schema: object): ValidateFunction {
  try {
    return ajv.compile(schema);
  } finally {
    // Nothing is kept registered (a compiled schema keeps working without): two schemas with the same
    // `$id` would otherwise clash, and Ajv registers a schema's `$id` even when its compiling then fails.
    ajv.removeSchema();
  }
}

/** Ajv's compile errors start with its own "schema is invalid: "; the message already says as much. */
function validatorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^schema is invalid:\s*/i, '');
}

/**
 * The compiled schema, or an `invalid_input` failure whose message is the parser's or the validator's:
 * "The schema is not JSON: …" or "The schema is not valid JSON Schema: …".
 */
export function checkSchema(text: string): ValidateFunction {
  const cached = compiled.get(text);
  if (cached !== undefined) {
    // Most recently used last, so the oldest is the one let go.
    compiled.delete(text);
    compiled.set(text, cached);
    return cached;
  }
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch (error) {
    throw refuse(`The schema is not JSON: ${validatorMessage(error)}`);
  }
  // A schema is an object (or `true` / `false`, which constrain nothing useful to a reply).
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw refuse(t('errors.schema.notObject'));
  }
  let validate: ValidateFunction;
  try {
    validate = compile(schema);
  } catch (error) {
    throw refuse(`The schema is not valid JSON Schema: ${validatorMessage(error)}`);
  }
  compiled.set(text, validate);
  if (compiled.size > CACHE_SIZE) compiled.delete(compiled.keys().next().value as string);
  return validate;
}

/** Models often wrap JSON in a Markdown code fence (```json … ```) even when asked for JSON only. */
const FENCED = /^```[\w-]*[ \t]*\r?\n([\s\S]*?)\r?\n?```$/;

function parseReply(text: string): { ok: true; value: unknown } | { ok: false } {
  const trimmed = text.trim();
  const inner = FENCED.exec(trimmed)?.[1] ?? trimmed;
  try {
    return { ok: true, value: JSON.parse(inner) };
  } catch {
    return { ok: false };
  }
}

function describe(error: ErrorObject): string {
  const where = error.instancePath === '' ? '(root)' : error.instancePath;
  return `${where} ${error.message ?? 'is not valid'}`;
}

/** A reply checked against its schema (which `checkSchema` refuses first when it is not usable). */
export function checkReply(schemaText: string, replyText: string): StructuredVerdict {
  const validate = checkSchema(schemaText);
  const reply = parseReply(replyText);
  if (!reply.ok) return { parsed: false, valid: false, errors: [] };
  const valid = validate(reply.value);
  const errors = valid ? [] : (validate.errors ?? []).slice(0, MAX_ERRORS).map(describe);
  return { parsed: true, valid, errors };
}
