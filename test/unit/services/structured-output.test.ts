// Structured output in main: a schema that cannot be used is refused with the parser's or validator's own
// message, and a reply is checked against its schema (draft 2020-12, Ajv).
import { describe, expect, it } from 'vitest';
import { checkReply, checkSchema } from '../../../src-main/services/structured-output.ts';

const person = JSON.stringify({
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1 },
    age: { type: 'integer', minimum: 0 },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['name', 'age'],
  additionalProperties: false,
});

function refusal(text: string): { code: string; message: string; hint?: string } {
  try {
    checkSchema(text);
  } catch (error) {
    return error as { code: string; message: string; hint?: string };
  }
  throw new Error('the schema was accepted');
}

describe('checkSchema', () => {
  it('accepts a usable schema', () => {
    expect(() => checkSchema(person)).not.toThrow();
  });

  it('refuses text that is not JSON, with the parser’s message', () => {
    const failure = refusal('{"type": "object",');
    expect(failure.code).toBe('invalid_input');
    expect(failure.message).toMatch(/^The schema is not JSON: .+/);
    expect(failure.hint).toMatch(/Parameters/);
  });

  it('refuses a schema the validator rejects, with the validator’s message naming the fault', () => {
    const failure = refusal(JSON.stringify({ type: 'object', properties: { age: { minimum: 'zero' } } }));
    expect(failure.code).toBe('invalid_input');
    expect(failure.message).toBe(
      'The schema is not valid JSON Schema: data/properties/age/minimum must be number',
    );
  });

  it('refuses an unknown type name and a reference to nowhere', () => {
    expect(refusal(JSON.stringify({ type: 'text' })).message).toMatch(
      /^The schema is not valid JSON Schema: data\/type must be equal to one of the allowed values/,
    );
    expect(refusal(JSON.stringify({ $ref: '#/$defs/missing' })).message).toMatch(
      /^The schema is not valid JSON Schema: .*#\/\$defs\/missing/,
    );
  });

  it('refuses JSON that is not a schema object', () => {
    for (const text of ['[]', '"object"', '42', 'null']) {
      expect(refusal(text).message).toMatch(
        /^The schema is not valid JSON Schema: a schema is a JSON object/,
      );
    }
  });

  it('takes keywords it does not know (not strict), as schemas written for providers carry them', () => {
    expect(() => checkSchema(JSON.stringify({ type: 'object', propertyOrdering: ['a'] }))).not.toThrow();
  });

  it('takes two schemas with the same $id, even after a refused one had it', () => {
    expect(refusal(JSON.stringify({ $id: 'https://example.com/s', type: 'bogus' })).code).toBe(
      'invalid_input',
    );
    const a = JSON.stringify({ $id: 'https://example.com/s', type: 'string' });
    const b = JSON.stringify({ $id: 'https://example.com/s', type: 'number' });
    expect(checkReply(a, '"x"').valid).toBe(true);
    expect(checkReply(b, '1').valid).toBe(true);
    expect(checkReply(b, '"x"').valid).toBe(false);
  });
});

describe('checkReply', () => {
  it('finds a reply that follows the schema valid', () => {
    expect(checkReply(person, '{"name": "Ada", "age": 36, "tags": ["math"]}')).toEqual({
      parsed: true,
      valid: true,
      errors: [],
    });
  });

  it('lists every fault of a reply that does not, each with where it is', () => {
    const verdict = checkReply(person, '{"age": -1, "tags": ["ok", 3], "extra": true}');
    expect(verdict.parsed).toBe(true);
    expect(verdict.valid).toBe(false);
    expect(verdict.errors).toEqual(
      expect.arrayContaining([
        "(root) must have required property 'name'",
        '(root) must NOT have additional properties',
        '/age must be >= 0',
        '/tags/1 must be string',
      ]),
    );
  });

  it('says a reply that is not JSON was not parsed', () => {
    expect(checkReply(person, 'Sure! Here is the person: Ada, 36.')).toEqual({
      parsed: false,
      valid: false,
      errors: [],
    });
  });

  it('reads a reply wrapped in a ```json fence', () => {
    const fenced = '```json\n{"name": "Ada", "age": 36}\n```';
    expect(checkReply(person, fenced)).toEqual({ parsed: true, valid: true, errors: [] });
    expect(checkReply(person, '\n```\n{"name": "", "age": 1}\n```\n')).toMatchObject({
      parsed: true,
      valid: false,
      errors: ['/name must NOT have fewer than 1 characters'],
    });
  });

  it('lists at most 30 faults', () => {
    const list = JSON.stringify({ type: 'array', items: { type: 'string' } });
    const verdict = checkReply(list, JSON.stringify(Array.from({ length: 100 }, (_, i) => i)));
    expect(verdict.valid).toBe(false);
    expect(verdict.errors).toHaveLength(30);
    expect(verdict.errors[0]).toBe('/0 must be string');
  });

  it('refuses to check against a schema that cannot be used', () => {
    expect(() => checkReply('{', '{}')).toThrow(expect.objectContaining({ code: 'invalid_input' }));
  });
});
