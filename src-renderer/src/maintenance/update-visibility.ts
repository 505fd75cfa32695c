import type { UpdateState } from '../../../src-preload/contract.ts';

/**
 * Whether the banner has anything to show: an update offered, coming or ready, or the outcome of a check
 * the user asked for. A check at start stays quiet until it finds something (its failure goes only to the
 * log), and a build that cannot update itself shows nothing at all.
 */
export function shouldShowUpdate(state: UpdateState): boolean {
  switch (state.status) {
    case 'available':
    case 'downloading':
    case 'downloaded':
      return true;
    case 'checking':
    case 'not-available':
    case 'error':
      return state.userInitiated;
    default:
      return false;
  }
}
