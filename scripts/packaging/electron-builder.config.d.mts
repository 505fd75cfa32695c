// Types for electron-builder.config.mjs.
import type { Configuration } from 'electron-builder';

export declare const PACKAGING_DIR: string;
export declare const ICONS_DIR: string;
export declare const OUTPUT_DIR: string;
export declare const APP_ID: string;
export declare const MICROPHONE_USAGE: string;
export declare const ASSOCIATED_AUDIO: Array<{ ext: string[]; mimeType: string }>;
declare const config: Configuration;
export default config;
