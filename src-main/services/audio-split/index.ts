// Splitting long recordings into parts the speech endpoint accepts (issue 16, item 1).
export { probeAudio } from './probe.ts';
export { splitAudio } from './split.ts';
export type { AudioPart, AudioProbe, SplitLimits, SplitOptions, SplitResult } from './types.ts';
