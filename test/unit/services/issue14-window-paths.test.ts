// The per-window registry of handed-over paths (issue 14, item 16): exact strings, per window, bounded.
import { describe, expect, it } from 'vitest';
import { createWindowPaths } from '../../../src-main/services/media-grants.ts';

describe('window paths', () => {
  it('admits exactly the string handed to exactly that window, until the window is forgotten', () => {
    const paths = createWindowPaths();
    paths.admit(1, '/home/u/a.wav');
    expect(paths.admits(1, '/home/u/a.wav')).toBe(true);
    expect(paths.admits(2, '/home/u/a.wav')).toBe(false);
    // No normalising: another spelling of the same file was not handed over.
    expect(paths.admits(1, '/home/u/./a.wav')).toBe(false);
    expect(paths.admits(1, '/home/u/A.wav')).toBe(false);
    paths.forgetOwner(1);
    expect(paths.admits(1, '/home/u/a.wav')).toBe(false);
  });

  it('forgets the path handed over longest ago past its limit, keeping one used again', () => {
    const paths = createWindowPaths(2);
    paths.admit(1, '/a.wav');
    paths.admit(1, '/b.wav');
    paths.admit(1, '/a.wav');
    paths.admit(1, '/c.wav');
    expect(['/a.wav', '/b.wav', '/c.wav'].map((p) => paths.admits(1, p))).toEqual([true, false, true]);
  });
});
