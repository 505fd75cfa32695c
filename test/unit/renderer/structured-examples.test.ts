// Issue 15, item 5: the schemas the editor offers to start from are ones every format takes — valid JSON
// Schema to main's validator (Ajv, draft 2020-12, as services/structured-output.ts uses it), and fit for strict
// mode (OpenAI's structured outputs: every object lists all its properties as required and sets
// `additionalProperties: false`), under a name the formats accept.
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { SCHEMA_NAME_PATTERN } from '../../../src-preload/contract.ts';
import { SCHEMA_EXAMPLES, schemaText } from '../../../src-renderer/src/panels/playground/schema-examples.ts';

/** The paths of objects in a schema that strict mode would refuse. */
function strictProblems(schema: unknown, path = '#'): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as Record<string, unknown>;
  const problems: string[] = [];
  if (node.type === 'object') {
    const properties = Object.keys((node.properties as object | undefined) ?? {});
    const required = (node.required as string[] | undefined) ?? [];
    if (node.additionalProperties !== false) problems.push(`${path}: additionalProperties is not false`);
    for (const name of properties)
      if (!required.includes(name)) problems.push(`${path}: ${name} is not required`);
  }
  for (const [key, value] of Object.entries(node))
    if (typeof value === 'object') problems.push(...strictProblems(value, `${path}/${key}`));
  return problems;
}

describe('the starting schemas', () => {
  it('are three or four, each with its own name', () => {
    expect(SCHEMA_EXAMPLES.length).toBeGreaterThanOrEqual(3);
    expect(SCHEMA_EXAMPLES.length).toBeLessThanOrEqual(4);
    expect(new Set(SCHEMA_EXAMPLES.map((e) => e.name)).size).toBe(SCHEMA_EXAMPLES.length);
  });

  for (const example of SCHEMA_EXAMPLES) {
    it(`${example.label}: a name every format takes, valid JSON Schema, fit for strict mode`, () => {
      expect(example.name).toMatch(SCHEMA_NAME_PATTERN);
      const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
      const parsed = JSON.parse(schemaText(example));
      expect(() => ajv.compile(parsed)).not.toThrow();
      expect(strictProblems(parsed)).toEqual([]);
    });
  }

  it('are shown indented, as people write JSON by hand', () => {
    expect(schemaText(SCHEMA_EXAMPLES[0]!)).toMatch(/^\{\n {2}"type": "object",\n/);
  });
});
