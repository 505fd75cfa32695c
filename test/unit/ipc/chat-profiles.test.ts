// Chat calls that name a profile (issue 17: a comparison's columns may each use another gateway), through
// the real IPC layer, against two fake gateways that each accept only their own key (WIRE.md part 3: a
// wrong key is a 401). A call with `profileId` reaches that profile's gateway with that profile's key;
// without it, the active profile's; a profile that no longer exists fails the call, and no key reaches
// the window either way.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StreamBatch, StreamEvent } from '../../../src-preload/contract.ts';
import { type FakeGateway, startFakeGateway } from '../../fake-gateway/server.ts';
import { createTestLayer, type TestLayer } from '../../support/test-layer.ts';

let first: Required<FakeGateway>;
let second: Required<FakeGateway>;
let t: TestLayer;
let secondId: string;

beforeAll(async () => {
  first = await startFakeGateway({ eventDelayMs: 1 });
  second = await startFakeGateway({ eventDelayMs: 1 });
});
afterAll(async () => {
  await first.close();
  await second.close();
});

beforeEach(async () => {
  first.reset();
  second.reset();
  t = createTestLayer();
  // The first profile created is the active one.
  await t.ok('profiles.create', { name: 'First', baseUrl: first.baseUrl, apiKey: first.apiKey });
  const created = await t.ok('profiles.create', {
    name: 'Second',
    baseUrl: second.baseUrl,
    apiKey: second.apiKey,
  });
  secondId = created.profile.id;
});
afterEach(() => t.close());

const batchesOf = (streamId: string) =>
  t.events
    .filter((e) => e.event === 'stream.batch' && (e.payload as StreamBatch).streamId === streamId)
    .map((e) => e.payload as StreamBatch);

async function finished(streamId: string): Promise<StreamEvent[]> {
  await expect.poll(() => batchesOf(streamId).some((b) => b.final), { timeout: 10_000 }).toBe(true);
  return batchesOf(streamId).flatMap((b) => b.events);
}

const textOf = (events: StreamEvent[]) => events.map((e) => (e.type === 'text-delta' ? e.text : '')).join('');
const bearer = (gateway: Required<FakeGateway>) => gateway.requests.map((r) => r.headers.authorization);

/** Starts one chat call of a format, naming `profileId` when given. */
function send(format: 'responses' | 'chat' | 'content', profileId?: string) {
  const named = profileId === undefined ? {} : { profileId };
  if (format === 'responses')
    return t.ok('chat.responses', { request: { model: 'gpt-5-mini', input: 'Hi' }, stream: true, ...named });
  if (format === 'chat')
    return t.ok('chat.completions', {
      request: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] },
      stream: true,
      ...named,
    });
  return t.ok('chat.generateContent', {
    request: { model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] },
    stream: true,
    ...named,
  });
}

describe('a chat call naming a profile', () => {
  it.each(['responses', 'chat', 'content'] as const)(
    '%s goes to that profile’s gateway with its key; without one, to the active profile’s',
    async (format) => {
      const named = await finished((await send(format, secondId)).streamId);
      expect(named.at(-1)).toMatchObject({ type: 'done' });
      expect(textOf(named)).not.toBe('');
      expect(first.requests).toEqual([]);
      expect(second.requests).toHaveLength(1);
      // The content format sends the key in its own header; the OpenAI formats as a bearer token.
      const sentKey = JSON.stringify(second.requests[0]!.headers);
      expect(sentKey).toContain(second.apiKey);
      expect(sentKey).not.toContain(first.apiKey);

      const active = await finished((await send(format)).streamId);
      expect(active.at(-1)).toMatchObject({ type: 'done' });
      expect(first.requests).toHaveLength(1);
      expect(JSON.stringify(first.requests[0]!.headers)).toContain(first.apiKey);
      expect(second.requests).toHaveLength(1);

      // Neither key reached the window, in any event of either stream.
      const seen = JSON.stringify(t.events);
      expect(seen).not.toContain(first.apiKey);
      expect(seen).not.toContain(second.apiKey);
    },
  );

  it('compacts on the named profile’s gateway', async () => {
    const result = await t.ok('chat.compact', { model: 'gpt-5-mini', input: 'Hi', profileId: secondId });
    expect(result.output.length).toBeGreaterThan(0);
    expect(first.requests).toEqual([]);
    expect(second.requests.map((r) => r.path)).toEqual(['/v1/responses/compact']);
    expect(bearer(second)).toEqual([`Bearer ${second.apiKey}`]);
    expect(JSON.stringify(result)).not.toContain(second.apiKey);
  });

  it('fails with no_profile and what to do when the profile no longer exists, sending nothing', async () => {
    await t.ok('profiles.delete', { id: secondId });
    for (const format of ['responses', 'chat', 'content'] as const) {
      const call =
        format === 'responses'
          ? t.call('chat.responses', {
              request: { model: 'gpt-5-mini', input: 'Hi' },
              stream: true,
              profileId: secondId,
            })
          : format === 'chat'
            ? t.call('chat.completions', {
                request: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] },
                stream: true,
                profileId: secondId,
              })
            : t.call('chat.generateContent', {
                request: { model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] },
                stream: true,
                profileId: secondId,
              });
      expect(await call).toEqual({
        ok: false,
        error: {
          code: 'no_profile',
          message: 'The gateway profile this chat was set up with no longer exists.',
          hint: expect.stringMatching(/Choose another profile/),
        },
      });
    }
    expect(
      await t.call('chat.compact', { model: 'gpt-5-mini', input: 'Hi', profileId: secondId }),
    ).toMatchObject({
      ok: false,
      error: { code: 'no_profile' },
    });
    // Not sent to the active profile's gateway instead.
    expect(first.requests).toEqual([]);
    expect(second.requests).toEqual([]);
  });

  it('refuses a profile id that is not one (empty, too long)', async () => {
    for (const profileId of ['', 'x'.repeat(201)]) {
      expect(
        await t.call('chat.responses', {
          request: { model: 'gpt-5-mini', input: 'Hi' },
          stream: true,
          profileId,
        }),
      ).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
    expect(first.requests).toEqual([]);
  });
});
