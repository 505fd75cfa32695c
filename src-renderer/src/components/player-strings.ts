// The waveform player's words (i18n/locales/<language>/player.json): its own area, as Transcribe and Speak
// both show it and neither should load the other's catalogue for it.
import { namespace } from '../i18n/index.ts';
import english from '../i18n/locales/en/player.json' with { type: 'json' };

export const playerWords = namespace('player', english);
