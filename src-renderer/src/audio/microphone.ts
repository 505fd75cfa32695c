// Microphone failures in words that say what to do. The Record plugin wraps getUserMedia's DOMException
// in a plain Error ("Error accessing the microphone: Permission denied"), so the name is read when there
// is one and the message otherwise. The words are the Transcribe panel's (the recorder is its own).

import { transcribeWords } from '../panels/transcribe/strings.ts';

const { t } = transcribeWords;

export type MicrophoneProblemKind = 'denied' | 'no-device' | 'busy' | 'unsupported' | 'other';

export interface MicrophoneProblem {
  kind: MicrophoneProblemKind;
  title: string;
  hint: string;
}

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
      return { kind, title: t('microphone.deniedTitle'), hint: t('microphone.deniedHint') };
    case 'no-device':
      return {
        kind,
        title: t('microphone.noDeviceTitle'),
        hint: t('microphone.noDeviceHint'),
      };
    case 'busy':
      return {
        kind,
        title: t('microphone.busyTitle'),
        hint: t('microphone.busyHint'),
      };
    case 'unsupported':
      return { kind, title: t('microphone.unsupportedTitle'), hint: t('microphone.unsupportedHint') };
    default: {
      const message = error instanceof Error ? error.message : String(error);
      return {
        kind,
        title: t('microphone.otherTitle'),
        hint: message
          ? t('microphone.otherHintWith', { message: message.replace(/[.\s。]+$/, '') })
          : t('microphone.otherHint'),
      };
    }
  }
}
