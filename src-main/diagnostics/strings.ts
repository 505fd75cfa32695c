// The diagnostics report's own words. The report stays in English whatever the interface's language: it is
// written to be pasted into a bug report, read by the app's maintainers. (The menu item and the
// confirmation are the interface's: src-main/i18n/locales.)

export const DIAGNOSTICS_STRINGS = {
  reportTitle: 'Gateway Studio diagnostics',
  reportNote:
    'Keys, passwords and header values are left out; what looked like one in the log was replaced by [redacted].',
  noLog: '(no log lines)',
} as const;
