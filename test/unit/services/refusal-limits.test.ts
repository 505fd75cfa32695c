// How small the parts of a refused upload are cut (issue 16): to the limit the refusal states, with a
// margin, or to half of what was refused when it states none — or states one the upload was already under.
import { describe, expect, it } from 'vitest';
import { limitsAfterRefusal } from '../../../src-main/services/transcript-jobs/refusal-limits.ts';
import type { AppError } from '../../../src-preload/contract.ts';

const limits = { maxBytes: 100 * 1024 * 1024, maxSeconds: 600 };
const MB = 1024 * 1024;
const tooLarge = (message: string): AppError => ({ code: 'too_large', status: 413, message });
const tooLong = (message: string): AppError => ({ code: 'too_large', status: 400, message });

describe('limits after a refusal', () => {
  it('cut to the byte limit upstream states, a little under it', () => {
    const error = tooLarge('The audio file is larger than the gateway takes: at most 25 MB per request.');
    expect(limitsAfterRefusal(error, { size: 40 * MB, durationSec: 1200 }, limits)).toEqual({
      maxBytes: Math.floor(25 * MB * 0.95),
      maxSeconds: 600,
    });
  });

  it('halve what was sent when the 413 names no limit, or one the upload was already under', () => {
    const silent = tooLarge('Request Entity Too Large');
    expect(limitsAfterRefusal(silent, { size: 10 * MB, durationSec: 120 }, limits)?.maxBytes).toBe(5 * MB);
    const canned = tooLarge('Maximum content size limit (26214400) exceeded (26306794 bytes read)');
    expect(limitsAfterRefusal(canned, { size: 4 * MB, durationSec: 120 }, limits)?.maxBytes).toBe(2 * MB);
  });

  it('cut to the length the model takes, and never below the shortest part', () => {
    const error = tooLong(
      'audio duration 1830.530612 seconds is longer than 1400 seconds which is the maximum for this model',
    );
    const wide = { ...limits, maxSeconds: 3600 };
    expect(limitsAfterRefusal(error, { size: 30 * MB, durationSec: 1830 }, wide)).toEqual({
      maxBytes: 100 * MB,
      maxSeconds: 1400 * 0.95,
    });
    const vague = tooLong('The audio file is too long for this model.');
    expect(limitsAfterRefusal(vague, { size: MB, durationSec: 40 }, limits)?.maxSeconds).toBe(30);
  });

  it('leaves every other refusal alone', () => {
    expect(
      limitsAfterRefusal(
        { code: 'auth_invalid', status: 401, message: 'Invalid token' },
        { size: MB, durationSec: 9 },
        limits,
      ),
    ).toBeNull();
  });
});
