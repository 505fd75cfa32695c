// What the update banner says, in one place (translations come later, issue 18 item 5). Its own module, so
// that only the banner's chunk carries it (it loads once there is something to show).

export const UPDATE_TEXT = {
  checking: 'Checking for updates…',
  available: (version: string) => `Gateway Studio ${version} is available.`,
  downloading: (version: string) => `Downloading Gateway Studio ${version}…`,
  downloaded: (version: string) => `Gateway Studio ${version} is ready to install.`,
  downloadedDetail: 'Restart now, or it is installed the next time you quit.',
  upToDate: (version: string) => `Gateway Studio ${version} is the newest version.`,
  download: 'Download',
  restart: 'Restart now',
  later: 'Later',
  retry: 'Try again',
  dismiss: 'Dismiss',
  progressLabel: 'Download progress',
} as const;
