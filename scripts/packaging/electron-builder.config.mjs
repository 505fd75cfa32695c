// electron-builder's configuration (https://www.electron.build/configuration), passed with
// `--config scripts/packaging/electron-builder.config.mjs` by scripts/dist.mjs. A module rather than
// package.json's "build" key so each choice can say why. test/unit/packaging/config.test.ts checks it
// against electron-builder's own schema and against the app (the associated extensions are ones it accepts).

// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${version}` etc. are electron-builder's file macros.

/** Generated at package time (scripts/packaging/icons.mjs); beside the build, never committed. */
export const PACKAGING_DIR = 'out/packaging';
export const ICONS_DIR = `${PACKAGING_DIR}/icons`;
/** Where the installers land. */
export const OUTPUT_DIR = 'out/installers';

/** Also Windows' AppUserModelId, which src-main/index.ts sets: the two must be the same. */
export const APP_ID = 'app.gateway-studio';
export const MICROPHONE_USAGE =
  'Gateway Studio records from the microphone only when you press Record, to transcribe what you say.';

/**
 * The audio files the OS offers to open with the app ("Open with Gateway Studio"). Only audio-only
 * formats: mp4, mpeg, mpg and webm are accepted when dropped, but they are usually video, and the app
 * should not put itself forward for every video on the machine. Each is in the contract's
 * ACCEPTED_AUDIO_EXTENSIONS (test/unit/packaging/config.test.ts).
 */
export const ASSOCIATED_AUDIO = [
  { ext: ['mp3', 'mpga'], mimeType: 'audio/mpeg' },
  { ext: ['m4a'], mimeType: 'audio/mp4' },
  { ext: ['wav', 'wave'], mimeType: 'audio/wav' },
  { ext: ['flac'], mimeType: 'audio/flac' },
  { ext: ['ogg', 'oga'], mimeType: 'audio/ogg' },
  { ext: ['opus'], mimeType: 'audio/opus' },
];

/**
 * Releases on the project's GitHub repository: electron-updater reads `latest*.yml` from there. The
 * repository is the one the build runs in (GITHUB_REPOSITORY in Actions); elsewhere electron-builder
 * reads it from the git remote.
 */
function githubPublish() {
  const [owner, repo] = (process.env.GITHUB_REPOSITORY ?? '').split('/');
  return { provider: 'github', ...(owner && repo ? { owner, repo } : {}), releaseType: 'release' };
}

/** @type {import('electron-builder').Configuration} */
const config = {
  appId: APP_ID,
  copyright: 'Copyright © Gateway Studio contributors',
  directories: { output: OUTPUT_DIR, buildResources: PACKAGING_DIR },
  // File names without spaces (`${name}` is package.json's name): GitHub renames spaces in release assets,
  // and electron-updater must find the file latest*.yml names.
  artifactName: '${name}-${version}-${os}-${arch}.${ext}',
  // What the app runs: electron-vite's bundles, the window icon main loads (src-main/electron/window.ts),
  // and package.json. Production dependencies are added by electron-builder itself.
  files: ['out/main/**', 'out/preload/**', 'out/renderer/**', 'resources/icon.png', 'package.json'],
  asar: true,
  // Fuses, flipped with @electron/fuses before signing (see fuses.mjs).
  afterPack: './scripts/packaging/after-pack.mjs',
  publish: githubPublish(),
  fileAssociations: ASSOCIATED_AUDIO.map(({ ext, mimeType }) => ({
    ext,
    mimeType,
    name: 'Audio',
    description: 'Audio file',
    role: 'Viewer',
    // macOS: offered under "Open With", never made the default player.
    rank: 'Alternate',
  })),

  mac: {
    category: 'public.app-category.productivity',
    icon: `${ICONS_DIR}/icon.icns`,
    // Apple's notarisation requires the hardened runtime; the entitlements give back what Electron and
    // the microphone need under it.
    hardenedRuntime: true,
    entitlements: 'resources/entitlements.mac.plist',
    entitlementsInherit: 'resources/entitlements.mac.plist',
    extendInfo: { NSMicrophoneUsageDescription: MICROPHONE_USAGE },
    // The zip beside the dmg is what electron-updater downloads on macOS.
    target: [
      { target: 'dmg', arch: ['x64', 'arm64'] },
      { target: 'zip', arch: ['x64', 'arm64'] },
    ],
  },

  win: {
    icon: `${ICONS_DIR}/icon.ico`,
    target: [{ target: 'nsis', arch: ['x64'] }],
  },
  // Per-user: installs under the user's AppData without asking for an administrator.
  nsis: {
    oneClick: true,
    perMachine: false,
    artifactName: '${name}-setup-${version}.${ext}',
  },

  linux: {
    icon: `${ICONS_DIR}/png`,
    executableName: 'gateway-studio',
    category: 'AudioVideo',
    synopsis: 'Transcribe, speak and chat through your model gateway',
    maintainer: 'Gateway Studio contributors',
    target: [
      { target: 'AppImage', arch: ['x64'] },
      { target: 'deb', arch: ['x64'] },
    ],
  },
  deb: { artifactName: '${name}_${version}_${arch}.${ext}' },
};

export default config;
