// Audio the gateway refused for its size (413) or its length (longer than the model takes) goes through in
// smaller parts: how small, from what the refusal says, or by guessing when it says nothing.
import { type AppError, MIN_PART_SECONDS } from '../../../src-preload/contract.ts';
import { callsForSplit, statedUploadLimits } from '../../gateway/index.ts';
import type { SplitLimits } from '../audio-split/index.ts';

/**
 * Below a stated limit by this much: the multipart body around a part's bytes counts against a byte cap,
 * and a model may count a part's seconds a little longer than its container says.
 */
const STATED_MARGIN = 0.95;

/**
 * Tighter limits for `refused` (a whole file or one part, `size` bytes, `durationSec` long), or `null` when
 * the refusal is not about size or length, so smaller parts would fail the same. A limit the refusal does not
 * state is taken as half of what was refused: a gateway's own cap is rarely told.
 */
export function limitsAfterRefusal(
  error: AppError,
  refused: { size: number; durationSec: number | null },
  limits: SplitLimits,
): SplitLimits | null {
  if (!callsForSplit(error)) return null;
  const stated = statedUploadLimits(error);
  const bySize = error.status === 413;
  const refusedSeconds = refused.durationSec ?? limits.maxSeconds;
  // A stated limit that the refused upload was already under is not this refusal's reason (a proxy in
  // front passing on a canned body, say): it is then guessed like an unstated one.
  const maxBytes = bySize
    ? Math.floor(
        stated.maxBytes !== undefined && stated.maxBytes < refused.size
          ? stated.maxBytes * STATED_MARGIN
          : refused.size / 2,
      )
    : limits.maxBytes;
  const maxSeconds = bySize
    ? limits.maxSeconds
    : stated.maxSeconds !== undefined && stated.maxSeconds < refusedSeconds
      ? stated.maxSeconds * STATED_MARGIN
      : refusedSeconds / 2;
  return {
    maxBytes: Math.min(limits.maxBytes, maxBytes),
    maxSeconds: Math.min(limits.maxSeconds, Math.max(MIN_PART_SECONDS, maxSeconds)),
  };
}
