// The panels' code, loaded when a panel is first shown (or prefetched at idle once the first screen is
// up), so the window opens without evaluating every panel and the libraries only they use. A panel with a
// saved list asks for its first page as its code arrives: the first visit shows the list at once.
import { preloadMarkdown } from '../markdown/markdown-loader.ts';
import { type Preloadable, preloadable } from '../startup/preloadable.ts';
import type { PanelId } from '../store/navigation.ts';

/** Each panel's first page of saved items, once asked for (alongside its code). */
const firstPages: Partial<Record<PanelId, Promise<void>>> = {};

export const PANEL_VIEWS: Record<PanelId, Preloadable<object>> = {
  transcribe: preloadable(async () => {
    const [module, actions] = await Promise.all([
      import('../panels/transcribe/TranscribePanel.tsx'),
      import('../actions/transcripts.ts'),
    ]);
    firstPages.transcribe = actions.prefetchTranscriptHistory();
    return module.TranscribePanel;
  }),
  speak: preloadable(async () => {
    const [module, actions] = await Promise.all([
      import('../panels/speak/SpeakPanel.tsx'),
      import('../actions/speak.ts'),
    ]);
    firstPages.speak = actions.prefetchSpeechHistory();
    return module.SpeakPanel;
  }),
  // Saved replies render as markdown as soon as a conversation opens: its renderer comes along.
  playground: preloadable(async () => {
    const [module, actions] = await Promise.all([
      import('../panels/playground/PlaygroundPanel.tsx'),
      import('../actions/playground.ts'),
      preloadMarkdown(),
    ]);
    firstPages.playground = actions.ensurePlaygroundReady();
    return module.PlaygroundPanel;
  }),
  settings: preloadable(() =>
    import('../panels/settings/SettingsPanel.tsx').then((module) => module.SettingsPanel),
  ),
};

/**
 * Resolves once a panel can be drawn ahead of its showing with what it will show: its code, and its saved
 * list's first page. A hidden panel is not told of changes to the store (React subscribes a component to
 * the store in an effect, and a hidden panel's effects wait for its showing): drawn before the page
 * arrived, it would show an empty list, then build every row in the click that shows it.
 */
export async function panelDrawable(id: PanelId): Promise<void> {
  await PANEL_VIEWS[id].preload();
  await firstPages[id];
}
