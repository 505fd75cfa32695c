// Starting points for the structured-output editor. Each schema keeps to what every format takes: object
// types, enums and descriptions, every property required and `additionalProperties: false` (what strict mode
// on Responses and Chat Completions asks for), nothing content generation's `responseJsonSchema` lacks.
// The menu's words are catalogue keys (translated where shown); the schemas themselves stay as written.

import type { ParametersKey } from './parameters-strings.ts';

export interface SchemaExample {
  /** The schema's name as sent (`[A-Za-z0-9_-]{1,64}`). */
  name: string;
  /** What the menu shows (a key of the parameters catalogue). */
  label: ParametersKey;
  /** What a prompt for it could be, shown under the label (a key of the parameters catalogue). */
  detail: ParametersKey;
  schema: object;
}

const text = (description: string) => ({ type: 'string', description });

export const SCHEMA_EXAMPLES: readonly SchemaExample[] = [
  {
    name: 'contact',
    label: 'examples.contact',
    detail: 'examples.contactDetail',
    schema: {
      type: 'object',
      properties: {
        name: text('Full name.'),
        email: text('Email address, or an empty string when none is given.'),
        phone: text('Phone number as written, or an empty string.'),
        company: text('Company or organisation, or an empty string.'),
      },
      required: ['name', 'email', 'phone', 'company'],
      additionalProperties: false,
    },
  },
  {
    name: 'sentiment',
    label: 'examples.sentiment',
    detail: 'examples.sentimentDetail',
    schema: {
      type: 'object',
      properties: {
        sentiment: { type: 'string', enum: ['positive', 'neutral', 'negative', 'mixed'] },
        confidence: { type: 'number', description: 'From 0 (a guess) to 1 (certain).' },
        reasons: { type: 'array', items: text('A short phrase from the text that supports the verdict.') },
      },
      required: ['sentiment', 'confidence', 'reasons'],
      additionalProperties: false,
    },
  },
  {
    name: 'todo_list',
    label: 'examples.todo',
    detail: 'examples.todoDetail',
    schema: {
      type: 'object',
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              task: text('What to do, starting with a verb.'),
              owner: text('Who does it, or an empty string when no one is named.'),
              priority: { type: 'string', enum: ['low', 'medium', 'high'] },
              done: { type: 'boolean' },
            },
            required: ['task', 'owner', 'priority', 'done'],
            additionalProperties: false,
          },
        },
      },
      required: ['items'],
      additionalProperties: false,
    },
  },
  {
    name: 'calendar_event',
    label: 'examples.calendar',
    detail: 'examples.calendarDetail',
    schema: {
      type: 'object',
      properties: {
        title: text('What the event is.'),
        date: text('The day, as YYYY-MM-DD.'),
        start_time: text('Start, as HH:MM in 24-hour time, or an empty string for an all-day event.'),
        end_time: text('End, as HH:MM, or an empty string when not given.'),
        location: text('Where, or an empty string.'),
        attendees: { type: 'array', items: text('A person or group invited.') },
      },
      required: ['title', 'date', 'start_time', 'end_time', 'location', 'attendees'],
      additionalProperties: false,
    },
  },
];

/** The schema as the editor shows it: indented two spaces, as people write JSON by hand. */
export function schemaText(example: SchemaExample): string {
  return JSON.stringify(example.schema, null, 2);
}
