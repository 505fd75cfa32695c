// Types for fuses.mjs (the scripts run under plain Node; the tests import them from TypeScript).
import type { FuseConfig, FuseV1Options } from '@electron/fuses';

export declare const FUSES: Readonly<Partial<Record<FuseV1Options, boolean>>>;
export declare function fuseConfigFor(platform: string): FuseConfig;
export declare function fuseName(option: FuseV1Options): string;
