import { useEffect, useRef } from 'react';
import { MOD_KEY_LABEL } from '../../components/Kbd.tsx';

const IS_MAC = MOD_KEY_LABEL === '⌘';
// Shown in tooltips. Ctrl/Cmd+1…4 belong to the shell; Ctrl/Cmd+C stays the system's copy of a selection.
export const COPY_ALL_SHORTCUT = IS_MAC ? '⇧⌘C' : 'Ctrl+Shift+C';
export const EXPORT_SHORTCUT = IS_MAC ? '⌘E' : 'Ctrl+E';
/** The same keys for `aria-keyshortcuts`. */
export const COPY_ALL_SHORTCUT_ARIA = IS_MAC ? 'Meta+Shift+C' : 'Control+Shift+C';
export const EXPORT_SHORTCUT_ARIA = IS_MAC ? 'Meta+E' : 'Control+E';

interface TranscriptShortcuts {
  /** Space. `null` when there is no audio to play. */
  togglePlay: (() => void) | null;
  /** Whether the audio is playing now (read at key time). */
  isPlaying(): boolean;
  copyAll(): void;
  openExport(): void;
}

/** Where Space already means something: typing, or pressing the focused control. */
const SPACE_IS_TAKEN =
  'input, textarea, select, button, a[href], summary, [contenteditable=""], [contenteditable="true"], ' +
  '[role="button"], [role="menuitem"], [role="checkbox"], [role="switch"], [role="tab"], [role="option"], [role="radio"]';

/**
 * Marks a control whose own Space would only repeat what is already done (a segment's timestamp, which
 * started the playback; the history entry that is already open): there Space plays and pauses instead.
 */
export const SPACE_PLAYS = { 'data-space-plays': '' } as const;

/**
 * Marks a control whose Space pauses while the audio plays and presses it otherwise: another segment's
 * timestamp. The segment lit moves on as the audio plays, so Space on the timestamp that started it would
 * otherwise start it over once the next segment is reached, where a listener means to pause.
 */
export const SPACE_PAUSES = { 'data-space-pauses': '' } as const;

/**
 * The open transcript's keys, live while it is shown. Space plays and pauses unless focus is somewhere
 * Space already means something (typing, pressing the focused button), except on controls marked
 * `SPACE_PLAYS`, and on those marked `SPACE_PAUSES` while the audio plays. Nothing fires while a dialog is
 * asking something.
 */
export function useTranscriptShortcuts(shortcuts: TranscriptShortcuts): void {
  // The latest handlers, read at key time, so the listener is added once.
  const current = useRef(shortcuts);
  current.current = shortcuts;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return;
      const { togglePlay, isPlaying, copyAll, openExport } = current.current;
      const modifier = IS_MAC ? event.metaKey : event.ctrlKey;
      const key = event.key.toLowerCase();
      if (modifier && event.shiftKey && !event.altKey && key === 'c') {
        event.preventDefault();
        copyAll();
      } else if (modifier && !event.shiftKey && !event.altKey && key === 'e') {
        event.preventDefault();
        openExport();
      } else if (event.key === ' ' && !event.ctrlKey && !event.metaKey && !event.altKey && togglePlay) {
        const target = event.target instanceof Element ? event.target : null;
        const plays =
          target?.closest('[data-space-plays]') || (target?.closest('[data-space-pauses]') && isPlaying());
        if (!plays && target?.closest(SPACE_IS_TAKEN)) return;
        event.preventDefault();
        if (!event.repeat) togglePlay();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
