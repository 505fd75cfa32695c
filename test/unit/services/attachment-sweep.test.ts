// Image attachments no conversation names are deleted at start (start-sweep.ts): a removed or never-sent
// image, or one of a deleted conversation, does not stay in the data folder for good.
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONVERSATIONS_FOLDER } from '../../../src-main/services/conversation-store.ts';
import { ATTACHMENTS_FOLDER } from '../../../src-main/services/image-attachments.ts';
import { sweepUnusedAttachments } from '../../../src-main/services/start-sweep.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'gs-attachment-sweep-'));
  mkdirSync(join(dataDir, ATTACHMENTS_FOLDER));
  mkdirSync(join(dataDir, CONVERSATIONS_FOLDER));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const HOUR_AGO = (Date.now() - 60 * 60 * 1000) / 1000;
const id = (digit: string) => digit.repeat(32);

function image(name: string, old = true): string {
  const path = join(dataDir, ATTACHMENTS_FOLDER, name);
  writeFileSync(path, 'png bytes');
  if (old) utimesSync(path, HOUR_AGO, HOUR_AGO);
  return path;
}

function conversationFile(name: string, imageIds: string[]): void {
  const images = imageIds.map((imageId) => ({ id: imageId, name: 'x.png', mimeType: 'image/png', bytes: 9 }));
  const text = JSON.stringify({ version: 1, conversation: { messages: [{ role: 'user', images }] } });
  writeFileSync(join(dataDir, CONVERSATIONS_FOLDER, name), text);
}

describe('sweeping unused image attachments', () => {
  it('deletes old images no conversation names, and keeps named and recent ones', async () => {
    const named = image(`${id('a')}.png`);
    const namedBySetAside = image(`${id('b')}.jpg`);
    const unused = image(`${id('c')}.webp`);
    const recent = image(`${id('d')}.gif`, false);
    conversationFile('one.json', [id('a')]);
    // A file set aside as damaged may still be repaired and opened: its images stay.
    conversationFile('two.json.corrupt-2026-01-01', [id('b')]);

    expect(await sweepUnusedAttachments(dataDir)).toBe(1);
    expect(existsSync(unused)).toBe(false);
    for (const kept of [named, namedBySetAside, recent]) expect(existsSync(kept)).toBe(true);
  });

  it('deletes nothing when a conversation cannot be read', async () => {
    const unused = image(`${id('e')}.png`);
    conversationFile('fine.json', []);
    // A link to a folder where a conversation file is expected: listed, but reading it fails (EISDIR),
    // as a file the user's disk cannot read would.
    mkdirSync(join(dataDir, 'elsewhere'));
    symlinkSync(join(dataDir, 'elsewhere'), join(dataDir, CONVERSATIONS_FOLDER, 'linked.json'));
    expect(await sweepUnusedAttachments(dataDir)).toBe(0);
    expect(existsSync(unused)).toBe(true);
  });
});
