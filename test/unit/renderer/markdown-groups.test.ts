import { describe, expect, it } from 'vitest';
import { BlockGroups } from '../../../src-renderer/src/markdown/block-groups.ts';
import type { MarkdownBlock } from '../../../src-renderer/src/markdown/block-splitter.ts';
import { MountPacer } from '../../../src-renderer/src/markdown/mount-pacer.ts';

function blocksOf(sizes: number[]): MarkdownBlock[] {
  let start = 0;
  return sizes.map((size) => {
    const block = { start, text: 'x'.repeat(size) };
    start += size;
    return block;
  });
}

describe('grouping finished blocks for off-screen skipping', () => {
  it('closes a group at 32 blocks, and never changes a closed group again', () => {
    const blocks = blocksOf(Array.from({ length: 70 }, () => 100));
    const groups = new BlockGroups();
    groups.placeUpTo(blocks, 40);
    const first = groups.groups[0]!;
    expect(groups.groups.map((group) => group.length)).toEqual([32, 8]);
    expect(groups.isClosed(0)).toBe(true);
    expect(groups.isClosed(1)).toBe(false);
    expect(groups.liveGroup).toBe(1);

    const open = groups.groups[1]!;
    groups.placeUpTo(blocks, 70);
    expect(groups.groups[0]).toBe(first);
    // The open group is a new array whenever it grows, so its wrapper notices.
    expect(groups.groups[1]).not.toBe(open);
    expect(groups.groups.map((group) => group.length)).toEqual([32, 32, 6]);
    expect(groups.groups.flat()).toEqual(blocks);
  });

  it('closes a group early when its blocks are long, so no group is costly to bring on screen', () => {
    const groups = new BlockGroups();
    groups.placeUpTo(blocksOf([5_000, 5_000, 3_000, 100, 100]), 5);
    expect(groups.groups.map((group) => group.length)).toEqual([3, 2]);
  });

  it('shows growing blocks in a new group once the last one is closed', () => {
    const groups = new BlockGroups();
    expect(groups.liveGroup).toBe(0);
    groups.placeUpTo(blocksOf([12_000]), 1);
    expect(groups.isClosed(0)).toBe(true);
    expect(groups.liveGroup).toBe(1);
  });
});

describe('pacing the mounting of a long reply', () => {
  it('mounts less per task when mounting proved slow, more when fast, within bounds', () => {
    const pacer = new MountPacer();
    const first = pacer.budget;
    expect(first).toBeGreaterThanOrEqual(8_000);
    expect(first).toBeLessThanOrEqual(24_000);

    // 12 KB took 120 ms (cold page, busy machine): aim at a task well under 50 ms.
    pacer.begin(12_000, 1_000);
    pacer.end(1_120);
    expect(pacer.budget).toBeLessThan(first);
    expect(pacer.budget).toBeGreaterThanOrEqual(4_000);

    // 12 KB took 3 ms (warm): take bigger slices, but not unbounded ones.
    pacer.begin(12_000, 2_000);
    pacer.end(2_003);
    expect(pacer.budget).toBe(32_000);
  });

  it('learns nothing from a small streaming update', () => {
    const pacer = new MountPacer();
    const first = pacer.budget;
    pacer.begin(200, 0);
    pacer.end(40);
    expect(pacer.budget).toBe(first);
  });
});
