// Microphone failures in words that say what to do. The Record plugin wraps getUserMedia's DOMException
// in a plain Error ("Error accessing the microphone: Permission denied"), so the name is read when there
// is one and the message otherwise.

export type MicrophoneProblemKind = 'denied' | 'no-device' | 'busy' | 'unsupported' | 'other';

export interface MicrophoneProblem {
  kind: MicrophoneProblemKind;
  title: string;
  hint: string;
}

const SYSTEM_SETTINGS_HINT =
  'Allow microphone access for Gateway Studio in your system settings (macOS: System Settings → Privacy & Security → Microphone; Windows: Settings → Privacy → Microphone), then try again.';

function kindOf(error: unknown): MicrophoneProblemKind {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  const message = error instanceof Error || error instanceof DOMException ? error.message : String(error);
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'no-device';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  if (/permission|not allowed|denied|dismissed/i.test(message)) return 'denied';
  if (/not found|no device|requested device|overconstrained/i.test(message)) return 'no-device';
  if (/could not start|not readable|in use/i.test(message)) return 'busy';
  if (
    /mediaDevices|getUserMedia|MediaRecorder/i.test(message) &&
    /undefined|not a function|not supported/i.test(message)
  ) {
    return 'unsupported';
  }
  return 'other';
}

export function describeMicrophoneError(error: unknown): MicrophoneProblem {
  const kind = kindOf(error);
  switch (kind) {
    case 'denied':
      return { kind, title: 'Gateway Studio may not use the microphone.', hint: SYSTEM_SETTINGS_HINT };
    case 'no-device':
      return {
        kind,
        title: 'No microphone was found.',
        hint: 'Connect a microphone or choose another input below, then try again.',
      };
    case 'busy':
      return {
        kind,
        title: 'The microphone could not be started.',
        hint: 'Another app may be using it. Close that app or choose another input, then try again.',
      };
    case 'unsupported':
      return { kind, title: 'Recording is not available here.', hint: 'Drop or add an audio file instead.' };
    default: {
      const message = error instanceof Error ? error.message : String(error);
      return {
        kind,
        title: 'The recording could not start.',
        hint: message
          ? `${message.replace(/[.\s]+$/, '')}. Try again, or choose another input.`
          : 'Try again, or choose another input.',
      };
    }
  }
}
