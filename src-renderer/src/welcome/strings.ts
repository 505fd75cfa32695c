// The welcome screen's words (src-renderer/src/i18n/locales/<language>/welcome.json). The profile form it
// shows is Settings' own, with Settings' words.

import { namespace } from '../i18n/index.ts';
import english from '../i18n/locales/en/welcome.json' with { type: 'json' };

export const welcomeWords = namespace('welcome', english);
