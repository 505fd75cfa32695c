// The window's side of diagnostics: errors nothing handled are sent to main's log (which rate-limits and
// scrubs them: src-main/diagnostics/error-capture.ts), and Help → Copy Diagnostics is confirmed with a toast.
// Installed first thing (src-renderer/src/main.tsx) and kept in the first bundle: loading it lazily saved only
// about 150 bytes there, and could not report the very failure to load a chunk.
import {
  MAX_REPORTED_MESSAGE,
  MAX_REPORTED_STACK,
  type RendererErrorReport,
} from '../../../src-preload/contract.ts';
import { call, subscribe } from '../api.ts';
import { useAppStore } from '../store/index.ts';

/** What the window says about diagnostics (translations come later, issue 18 item 5). */
const DIAGNOSTICS_TEXT = {
  copied: 'Diagnostics copied to the clipboard',
  copiedDetail: (lines: number) => `${lines} log lines included; keys and secret header values left out.`,
} as const;

/** The report of what was thrown or rejected, cut to what main accepts (a longer one would be refused). */
export function errorReport(kind: RendererErrorReport['kind'], reason: unknown): RendererErrorReport {
  const message =
    reason instanceof Error
      ? `${reason.name}: ${reason.message}`
      : typeof reason === 'string'
        ? reason
        : String(reason);
  const stack = reason instanceof Error && typeof reason.stack === 'string' ? reason.stack : undefined;
  return {
    kind,
    message: message.slice(0, MAX_REPORTED_MESSAGE),
    ...(stack ? { stack: stack.slice(0, MAX_REPORTED_STACK) } : {}),
  };
}

/** Sends the report; `call` never rejects, so a failed report cannot start a loop of its own. */
function sendErrorReport(kind: RendererErrorReport['kind'], reason: unknown): void {
  void call('diagnostics.reportError', errorReport(kind, reason));
}

function confirmDiagnosticsCopied(logLines: number): void {
  useAppStore.getState().pushToast({
    tone: 'success',
    title: DIAGNOSTICS_TEXT.copied,
    detail: DIAGNOSTICS_TEXT.copiedDetail(logLines),
  });
}

/** Listens for the window's unhandled errors and for main's "diagnostics copied", for the window's life. */
export function installWindowDiagnostics(target: Window = window): void {
  target.addEventListener('error', (event) => sendErrorReport('error', event.error ?? event.message));
  target.addEventListener('unhandledrejection', (event) =>
    sendErrorReport('unhandledrejection', event.reason),
  );
  subscribe('diagnostics.copied', ({ logLines }) => confirmDiagnosticsCopied(logLines));
}
