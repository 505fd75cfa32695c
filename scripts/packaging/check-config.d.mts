// Types for check-config.mjs.
import type { Configuration } from 'electron-builder';

export declare const PROJECT_DIR: string;
export declare function validateWithElectronBuilder(candidate?: Configuration): Promise<void>;
export declare function missingSourceFiles(candidate?: Configuration): string[];
export declare function missingIcons(candidate?: Configuration): string[];
export declare function trueKeysOfPlist(text: string): string[];
export declare function entitlements(candidate?: Configuration): string[];
