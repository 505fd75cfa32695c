// Types for after-pack.mjs: the part of electron-builder's AfterPackContext the hook reads.
export interface PackContext {
  appOutDir: string;
  electronPlatformName: string;
  arch: number;
  packager: { appInfo: { productFilename: string }; executableName?: string };
}

export declare function executableIn(context: PackContext): string;
export declare function fusesNotAsConfigured(wire: Record<string, unknown>): string[];
export declare function afterPack(context: PackContext): Promise<void>;
export default afterPack;
