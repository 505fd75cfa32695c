// The panels' code, loaded when a panel is first shown (or prefetched at idle once the first screen is
// up), so the window opens without evaluating every panel and the libraries only they use. A panel with a
// saved list asks for its first page as its code arrives: the first visit shows the list at once.
import { preloadMarkdown } from '../markdown/markdown-loader.ts';
import { type Preloadable, preloadable } from '../startup/preloadable.ts';
import type { PanelId } from '../store/navigation.ts';

export const PANEL_VIEWS: Record<PanelId, Preloadable<object>> = {
  transcribe: preloadable(() =>
    import('../panels/transcribe/TranscribePanel.tsx').then((module) => module.TranscribePanel),
  ),
  speak: preloadable(async () => {
    const [module, actions] = await Promise.all([
      import('../panels/speak/SpeakPanel.tsx'),
      import('../actions/speak.ts'),
    ]);
    actions.prefetchSpeechHistory();
    return module.SpeakPanel;
  }),
  // Saved replies render as markdown as soon as a conversation opens: its renderer comes along.
  playground: preloadable(async () => {
    const [module, actions] = await Promise.all([
      import('../panels/playground/PlaygroundPanel.tsx'),
      import('../actions/playground.ts'),
      preloadMarkdown(),
    ]);
    actions.ensurePlaygroundReady();
    return module.PlaygroundPanel;
  }),
  settings: preloadable(() =>
    import('../panels/settings/SettingsPanel.tsx').then((module) => module.SettingsPanel),
  ),
};
