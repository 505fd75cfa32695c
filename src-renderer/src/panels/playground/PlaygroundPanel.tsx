import { useCallback, useDeferredValue, useEffect, useRef, useState } from 'react';
import {
  closeInspector,
  ensureDetail,
  ensurePlaygroundReady,
  newChat,
  stopActiveReply,
} from '../../actions/playground.ts';
import { setPrefs } from '../../actions/prefs.ts';
import { shellWords } from '../../shell/strings.ts';
import { useAppStore } from '../../store/index.ts';
import { ChatView } from './ChatView.tsx';
import { ConversationList } from './ConversationList.tsx';
import { chatWords } from './chat-strings.ts';
import { CompareView } from './compare/CompareView.tsx';
import { focusComposer } from './composer-focus.ts';
import { InspectorPanel } from './inspector/InspectorPanel.tsx';
import { ParametersPanel } from './ParametersPanel.tsx';
import './playground.css';

/** Below this width (of the panel, not the window) the conversation list opens over the chat. */
const NARROW_WIDTH = 860;
/** Below this width (a small window, or 200 % zoom) the parameters open over the chat too (playground.css). */
const TIGHT_WIDTH = 600;

/**
 * A chat playground in three columns: the saved conversations, the conversation itself, and its
 * parameters (or the Inspector of one reply). It fills the content area; each column scrolls on its own.
 */
export function PlaygroundPanel() {
  const shellT = shellWords.useT();
  const t = chatWords.useT();
  const activeId = useAppStore((s) => s.playground.activeId);
  const comparisonId = useAppStore((s) => s.playground.activeComparisonId);
  const showConversations = useAppStore((s) => s.prefs.playground.showConversations);
  const showParameters = useAppStore((s) => s.prefs.playground.showParameters);
  const inspecting = useAppStore((s) => s.playground.inspect !== null);
  const shownId = useShownConversation(activeId, comparisonId, inspecting);
  const root = useRef<HTMLDivElement>(null);
  const narrow = useNarrow(root);
  const tight = useNarrow(root, TIGHT_WIDTH);
  // In a narrow panel the list is a drawer, opened for a moment rather than remembered.
  const [listDrawer, setListDrawer] = useState(false);

  useEffect(() => {
    void ensurePlaygroundReady();
  }, []);
  usePlaygroundShortcuts();
  useEffect(() => {
    // Open over the chat they would cover the composer and Send: a panel this narrow starts with them closed
    // (the toolbar's Parameters button opens them). Closed for this window only: the remembered choice
    // (saved with the prefs) is left as it was, so a wider window next time shows them again.
    const { prefs, patchPrefs } = useAppStore.getState();
    if (tight && prefs.playground.showParameters) patchPrefs({ playground: { showParameters: false } });
  }, [tight]);

  const listOpen = narrow ? listDrawer : showConversations && !inspecting;
  const drawerOpen = narrow && listDrawer;
  const closeDrawer = useCallback(() => setListDrawer(false), []);
  useEffect(() => {
    if (!drawerOpen) return;
    // Esc closes the drawer first (a running reply is stopped by the next Esc).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('dialog[open], :popover-open')) return;
      event.preventDefault();
      setListDrawer(false);
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [drawerOpen]);
  // Stable, so the memoised chat column is not rendered again for a new callback.
  const toggleList = useCallback(() => {
    if (narrow) setListDrawer((open) => !open);
    else setPrefs({ playground: { showConversations: !showConversations } });
  }, [narrow, showConversations]);
  return (
    <div className={narrow ? 'pg pg--narrow' : 'pg'} ref={root} data-testid="playground">
      {/* The panel's name, as every other panel's header gives it; the toolbar shows the conversation instead. */}
      <h1 className="visually-hidden" tabIndex={-1}>
        {shellT('panels.playground')}
      </h1>
      {listOpen ? <ConversationList drawer={narrow} onClose={toggleList} onChosen={closeDrawer} /> : null}
      {narrow && listOpen ? (
        <button
          type="button"
          className="pg__scrim"
          aria-label={t('panel.closeList')}
          tabIndex={-1}
          onClick={() => setListDrawer(false)}
        />
      ) : null}
      {comparisonId ? (
        <CompareView
          key={`compare-${comparisonId}`}
          comparisonId={comparisonId}
          listOpen={listOpen}
          onToggleList={toggleList}
        />
      ) : shownId ? (
        <ChatView
          key={`chat-${shownId}`}
          conversationId={shownId}
          listOpen={listOpen}
          onToggleList={toggleList}
        />
      ) : (
        <div />
      )}
      {inspecting ? (
        <InspectorColumn />
      ) : showParameters && shownId && !comparisonId ? (
        <ParametersPanel key={`parameters-${shownId}`} conversationId={shownId} />
      ) : null}
    </div>
  );
}

function InspectorColumn() {
  const conversationId = useAppStore((s) => s.playground.inspect?.conversationId ?? null);
  const item = useAppStore((s) => {
    const target = s.playground.inspect;
    const message = target
      ? s.playground.open[target.conversationId]?.messages.find((m) => m.id === target.messageId)
      : undefined;
    return message && (message.role === 'assistant' || message.role === 'compaction') ? message : null;
  });
  const detail = useAppStore((s) => (item ? (s.playground.details[item.id] ?? null) : null));
  useEffect(() => {
    // The inspected message went away (deleted, or the conversation compacted): nothing left to show.
    if (!item) closeInspector();
  }, [item]);
  const wantedId = item?.hasDetail && detail === null ? item.id : null;
  useEffect(() => {
    // The record is kept apart from the conversation: asked for when shown (or when no longer held here).
    if (wantedId && conversationId) void ensureDetail(conversationId, wantedId);
  }, [wantedId, conversationId]);
  if (!item) return null;
  // A failed read is not asked again by itself (it would loop while main cannot read it): the user asks.
  const retry = () => {
    if (conversationId) void ensureDetail(conversationId, item.id);
  };
  return (
    <div className="pg__inspector">
      <InspectorPanel
        key={item.id}
        item={item}
        detail={detail}
        onClose={closeInspector}
        onRetryDetail={retry}
      />
    </div>
  );
}

/**
 * The conversation the chat column shows. A saved conversation switched to from another chat (a click in the
 * list) is drawn whole — toolbar, composer, parameters and messages — in a background render while the chat
 * on screen stays, then shown in one commit: drawn at once, the new frame was a ~25 ms task of its own, laid
 * out and painted before the messages' background render began (issue 19, traced). Shown at once instead:
 * a new chat, where the next keys go; a switch to or from a comparison, or away from the Inspector (the
 * columns change); and a switch away from a chat whose reply is arriving — each of its batches renders the
 * chat on screen at once, which would start the background render over until the reply ends.
 */
function useShownConversation(
  activeId: string | null,
  comparisonId: string | null,
  inspecting: boolean,
): string | null {
  const behindId = useDeferredValue(activeId);
  const behindComparison = useDeferredValue(comparisonId);
  const behindInspecting = useDeferredValue(inspecting);
  const hasMessages = useAppStore((s) =>
    activeId ? (s.playground.open[activeId]?.messages.length ?? 0) > 0 : false,
  );
  const leavingLive = useAppStore(
    (s) =>
      behindId !== null &&
      behindId !== activeId &&
      Object.values(s.playground.live).some((reply) => reply.conversationId === behindId),
  );
  const drawBehind =
    hasMessages &&
    behindId !== null &&
    comparisonId === null &&
    behindComparison === null &&
    !behindInspecting &&
    !leavingLive;
  return drawBehind ? behindId : activeId;
}

function useNarrow(root: React.RefObject<HTMLElement | null>, below = NARROW_WIDTH): boolean {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setNarrow(entry.contentRect.width < below);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [root, below]);
  return narrow;
}

/** Ctrl/Cmd+N: a new chat. Esc: stop the reply that is arriving. Not while a dialog or menu asks something. */
function usePlaygroundShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (document.querySelector('dialog[open], :popover-open')) return;
      const modifier = event.metaKey || event.ctrlKey;
      if (modifier && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'n') {
        event.preventDefault();
        newChat();
        focusComposer();
        return;
      }
      if (event.key === 'Escape' && !event.defaultPrevented && !modifier) {
        if (stopActiveReply()) event.preventDefault();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
