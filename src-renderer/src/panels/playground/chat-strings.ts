// The Playground chat's words (i18n/locales/<language>/chat.json): the conversation, its replies and
// markers, the composer, the conversation list, and the toasts of actions/playground.ts.

import { namespace } from '../../i18n/index.ts';
import english from '../../i18n/locales/en/chat.json' with { type: 'json' };

export const chatWords = namespace('chat', english);
