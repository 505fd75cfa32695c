// What the update feature says to the user, in one place (translations come later, issue 18 item 5).

export const UPDATE_STRINGS = {
  menuCheck: 'Check for Updates…',
  menuUnavailable: 'Updates Not Available for This Build',
  unsupported:
    'This build cannot update itself (a development build, or one installed by a package manager).',
  checkFailed: 'Could not check for updates. Check your connection and try again.',
  downloadFailed: 'The update could not be downloaded. Try again later.',
  loadFailed:
    'Updates could not be started in this copy of the app. Help → Copy Diagnostics has the details.',
} as const;
