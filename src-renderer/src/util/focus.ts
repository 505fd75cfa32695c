import { useCallback, useRef } from 'react';

// Where keyboard focus goes after an action removes or replaces what had it, so that it never falls to the
// page (issue 18 item 8): one idea, used by every list that deletes and by the panel shortcuts.

/**
 * Moves focus to what `find` returns as soon as it exists: React renders the result of an action a frame
 * or more later (a lazy panel, a list that re-renders after the store changed). Gives up after `timeoutMs`,
 * leaving focus alone, and when the user has moved focus themselves meanwhile (a Tab into the panel before
 * it was drawn, a click on a field): focus they have put somewhere is never taken back. A press that moved
 * no focus (Escape, an arrow, a click on text or on the button that has gone) does not count, and modifier
 * keys and key repeats are not looked at: the waited-for element still gets the focus, so it never stays
 * on the page. An element that cannot take focus (a heading) is given `tabindex="-1"` first.
 */
export function focusWhenReady(find: () => HTMLElement | null, timeoutMs = 2000): Promise<boolean> {
  const until = performance.now() + timeoutMs;
  // Where focus was when asked: still there (or fallen to the page) after a press, the user has not moved it.
  const before = document.activeElement;
  return new Promise((resolve) => {
    let frame = 0;
    let interrupted = false;
    // Added during the event that asked for this (a shortcut's keydown): that event does not reach them.
    const interrupt = (event: Event) => {
      if (
        event instanceof KeyboardEvent &&
        (event.repeat || event.isComposing || IGNORED_KEYS.has(event.key))
      )
        return;
      interrupted = true;
    };
    const finish = (focused: boolean) => {
      window.removeEventListener('keydown', interrupt, true);
      window.removeEventListener('pointerdown', interrupt, true);
      cancelAnimationFrame(frame);
      resolve(focused);
    };
    const attempt = () => {
      if (interrupted && focusMovedFrom(before)) return finish(false);
      let element: HTMLElement | null;
      try {
        element = find();
      } catch (error) {
        // A bug in `find`: said (as an uncaught error would be), and the wait ends rather than hanging.
        reportError(error);
        return finish(false);
      }
      if (element?.isConnected) {
        focusElement(element);
        if (document.activeElement === element) return finish(true);
      }
      if (performance.now() > until) finish(false);
      else frame = requestAnimationFrame(attempt);
    };
    window.addEventListener('keydown', interrupt, true);
    window.addEventListener('pointerdown', interrupt, true);
    frame = requestAnimationFrame(attempt);
  });
}

/**
 * Keys that only change what another key means (modifiers, locks), or stand for a character still being
 * composed by an input method: pressing one moves no focus.
 */
const IGNORED_KEYS = new Set([
  'Shift',
  'Control',
  'Alt',
  'AltGraph',
  'Meta',
  'OS',
  'Hyper',
  'Super',
  'Fn',
  'FnLock',
  'Symbol',
  'SymbolLock',
  'CapsLock',
  'NumLock',
  'ScrollLock',
  'Process',
]);

/**
 * Whether focus is on a real control other than `before`: one the user moved it to. Not the page, nor a
 * hidden one (a panel React's Activity has just hidden is still connected until the next style update,
 * and the browser then drops its focus to the page).
 */
function focusMovedFrom(before: Element | null): boolean {
  const active = document.activeElement;
  return active !== before && hasFocusSomewhere() && !!active?.checkVisibility();
}

/**
 * Whether focus is on a real control: not the page itself, nor a removed or disabled element. A browser
 * may go on naming a removed element as the active one until its next rendering update ("focus fixup").
 */
function hasFocusSomewhere(): boolean {
  const active = document.activeElement;
  return !!active && active !== document.body && active.isConnected && !active.matches(':disabled');
}

/** Focuses `element`; one that cannot take focus (a heading, a note) is given `tabindex="-1"` first. */
function focusElement(element: HTMLElement | null): void {
  if (!element) return;
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus();
}

/**
 * The item to focus once the item at `removed` is gone from a list of `count`: the next one (which then
 * sits at the same index), else the previous one, else none (`-1`: the list is empty).
 */
export function survivorIndex(count: number, removed: number): number {
  const left = count - 1;
  if (left <= 0 || removed < 0) return -1;
  return Math.min(removed, left - 1);
}

/**
 * After deleting the row `removedKey` from a list of `keys` (as they were BEFORE the delete), focus the row
 * that took its place (the next, else the previous; `row` finds a key's control) or, if none is left,
 * `fallback` (the list's empty-state action or heading).
 */
export function focusSurvivor(
  keys: readonly string[],
  removedKey: string,
  row: (key: string) => HTMLElement | null,
  fallback: () => HTMLElement | null,
): Promise<boolean> {
  const index = keys.indexOf(removedKey);
  const remaining = keys.filter((key) => key !== removedKey);
  const next = survivorIndex(keys.length, index);
  const key = next >= 0 ? remaining[next] : undefined;
  return focusWhenReady(() => {
    // Wait for the deleted row to leave the page first: focusing a neighbour while it is still there would
    // be undone when React re-renders the list.
    if (row(removedKey)) return null;
    return (key !== undefined ? row(key) : null) ?? fallback();
  });
}

/** Where a list is on the page, for `focusAfterRemoval`: CSS selectors. */
export interface ListPlaces {
  /** The list's container, present before and after (the section around it). */
  scope: string;
  /** The control of row `key` to focus (its main button). */
  row(key: string): string;
  /** What to focus when no row is left: the empty state's action, else its heading (in that order). */
  empty: string[];
  /** Anywhere on the page, when the list itself is not shown (deleted from elsewhere). */
  elsewhere?: string;
}

/**
 * After the row `removedKey` of a list of `keys` (as they were before) is removed: focus the next row,
 * else the previous, else the list's empty state. Waits for the row to leave and for a confirm dialog to
 * close (the page behind a modal dialog cannot take focus until it has).
 */
export function focusAfterRemoval(places: ListPlaces, keys: readonly string[], removedKey: string) {
  const within = (selector: string) =>
    document.querySelector(places.scope)?.querySelector<HTMLElement>(selector) ?? null;
  return focusSurvivor(
    keys,
    removedKey,
    (key) => within(places.row(key)),
    () =>
      places.empty.map(within).find((element) => element !== null) ??
      (places.elsewhere && !document.querySelector(places.scope)
        ? document.querySelector<HTMLElement>(places.elsewhere)
        : null),
  );
}

/** `value` quoted for a CSS attribute selector. */
export const cssString = (value: string) => JSON.stringify(value);

/** What can take focus in a row, first match first. */
const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex="0"]';

interface KeepFocusOptions {
  /** The rows of the list inside the container (CSS selector); none: focus always goes to `fallback`. */
  rows?: string;
  /** Where focus goes when no row is left (the empty state, the composer…). */
  fallback(): HTMLElement | null;
}

/**
 * Keeps focus in a list whose buttons come and go without a dialog (remove a queue item, an image, a
 * message; Retry replacing itself with Cancel): when the focused control leaves the page and focus falls
 * to it, focus goes to the same row's first control if the row is still there, else to the row that took
 * its place (the next, else the previous), else to `fallback`. The container must stay in the page.
 * (A delete asked in a confirm dialog uses `focusAfterRemoval`: the dialog holds the focus meanwhile.)
 */
export function keepFocusIn(container: HTMLElement, { rows, fallback }: KeepFocusOptions): () => void {
  let last: { element: Element; row: HTMLElement | null; index: number } | null = null;
  const onFocusIn = (event: FocusEvent) => {
    const element = event.target as Element;
    if (element.closest('dialog')) return;
    const row = rows ? element.closest<HTMLElement>(rows) : null;
    const index = row && rows ? [...container.querySelectorAll(rows)].indexOf(row) : -1;
    last = { element, row, index };
  };
  // Focus the user moved out of the list is theirs: forgotten here. (A control removed from the page sends
  // no focusout, or one with no `relatedTarget`.)
  const onFocusOut = (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (next instanceof Node && !container.contains(next)) last = null;
  };
  const rescue = () => {
    // Gone from the page, or disabled where it stands (a Send turned busy): either way focus has fallen.
    if (!last || (last.element.isConnected && !last.element.matches(':disabled'))) return;
    // Focus is still somewhere real (the user's, or put there already).
    if (hasFocusSomewhere()) return;
    const { row, index } = last;
    last = null;
    // A control outside the rows (Clear finished, Send turned Stop): the fallback.
    if (!rows || (index < 0 && !row)) {
      focusElement(fallback());
      return;
    }
    const list = [...container.querySelectorAll<HTMLElement>(rows)];
    const target =
      (row?.isConnected ? row : null) ?? list[Math.min(Math.max(index, 0), list.length - 1)] ?? null;
    focusElement(target?.querySelector<HTMLElement>(FOCUSABLE) ?? target ?? fallback());
  };
  const observer = new MutationObserver(rescue);
  observer.observe(container, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['disabled'],
  });
  container.addEventListener('focusin', onFocusIn);
  container.addEventListener('focusout', onFocusOut);
  return () => {
    observer.disconnect();
    container.removeEventListener('focusin', onFocusIn);
    container.removeEventListener('focusout', onFocusOut);
  };
}

/**
 * `keepFocusIn` as a ref for a component's container: kept while the element is in the page (React 19 runs
 * the ref's cleanup when it leaves). The options are read when needed, so they may change every render.
 */
export function useKeepFocusIn(
  options: KeepFocusOptions,
): (element: HTMLElement | null) => (() => void) | undefined {
  const latest = useRef(options);
  latest.current = options;
  return useCallback((element: HTMLElement | null) => {
    if (!element) return undefined;
    const { rows } = latest.current;
    return keepFocusIn(element, { ...(rows ? { rows } : {}), fallback: () => latest.current.fallback() });
  }, []);
}
