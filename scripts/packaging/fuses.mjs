// The Electron fuses the packaged app ships with, flipped in the binary at package time (after-pack.mjs)
// with @electron/fuses. Each one closes a way to run code the app did not ship, or to read its data.
// Electron's fuse reference: docs/tutorial/fuses.md (electron/electron); the option names are
// @electron/fuses' FuseV1Options.
import { FuseV1Options, FuseVersion } from '@electron/fuses';

/** Fuse → the state the packaged app must have. One table: the hook flips these, the test reads them. */
export const FUSES = Object.freeze({
  // ELECTRON_RUN_AS_NODE would turn the signed app into a plain Node.js that runs any script.
  [FuseV1Options.RunAsNode]: false,
  // Cookies on disk encrypted with the OS keychain key, as Chrome does (the app keeps none it needs in clear).
  [FuseV1Options.EnableCookieEncryption]: true,
  // NODE_OPTIONS / NODE_EXTRA_CA_CERTS could preload code into main or change its TLS trust.
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  // --inspect / SIGUSR1 would open a debugger into main, which holds the keys.
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  // app.asar is checked against the hash electron-builder embeds (Info.plist on macOS, a resource on Windows).
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  // Only app.asar is loaded (not a loose app/ folder beside it), so the integrity check cannot be sidestepped.
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  // The app serves its pages over app://, never file://: file pages need no extra privileges.
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
});

/**
 * The configuration @electron/fuses' `flipFuses` takes. `resetAdHocDarwinSignature`: flipping fuses
 * changes the binary and so breaks its signature, and an arm64 macOS binary without a valid one does not
 * launch at all (@electron/fuses README, "Apple Silicon"). The macOS app, whatever its architecture, is
 * signed ad hoc again; electron-builder then signs it properly when it has an identity.
 */
export function fuseConfigFor(platform) {
  return {
    version: FuseVersion.V1,
    ...FUSES,
    resetAdHocDarwinSignature: platform === 'darwin' || platform === 'mas',
  };
}

/** The fuse names, for messages: `RunAsNode` rather than 0. */
export const fuseName = (option) => FuseV1Options[option];
