// What the diagnostics feature says to the user, in one place (translations come later, issue 18 item 5).

export const DIAGNOSTICS_STRINGS = {
  menuCopy: 'Copy Diagnostics',
  reportTitle: 'Gateway Studio diagnostics',
  reportNote:
    'Keys, passwords and header values are left out; what looked like one in the log was replaced by [redacted].',
  noLog: '(no log lines)',
  /** Shown by main when no window is open to confirm it (the window says it itself otherwise). */
  copied: 'Diagnostics copied to the clipboard.',
} as const;
