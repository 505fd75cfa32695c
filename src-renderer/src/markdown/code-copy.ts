// The copy buttons of a reply's code blocks. One click handler for the whole reply (Markdown.tsx) rather
// than one per button: a reply has hundreds of code blocks. The button's state is kept on the button
// (`data-state`, its label and text), which building on a growing block leaves alone (dom-patch.ts), unless
// the block is built again whole (a label defined while it grows: block-build.ts).

/** How long the button says "Copied". */
const COPIED_MS = 1500;

const LABELS = {
  idle: { text: 'Copy', label: 'Copy code' },
  copied: { text: 'Copied', label: 'Code copied' },
  failed: { text: 'Copy failed', label: 'Copy code' },
} as const;

type CopyState = keyof typeof LABELS;

const resetTimers = new WeakMap<Element, number>();

/** A new copy button, idle. */
export function copyButton(): HTMLButtonElement {
  const button = document.createElement('button');
  button.className = 'button button--ghost button--sm markdown-code__copy';
  button.type = 'button';
  const status = button.appendChild(document.createElement('span'));
  status.setAttribute('aria-live', 'polite');
  setLabels(button, status, 'idle');
  return button;
}

/** The copy button `target` is in, within `root`; null when the click was elsewhere. */
export function copyButtonAt(target: EventTarget | null, root: Element): HTMLButtonElement | null {
  const button = (target as Element | null)?.closest?.('button.markdown-code__copy');
  return button && root.contains(button) ? (button as HTMLButtonElement) : null;
}

/** Copies the code the button's block shows (the text of its <code>, coloured or not, is the code). */
export async function copyCode(button: HTMLButtonElement): Promise<void> {
  const code = button.closest('.markdown-code')?.querySelector('code')?.textContent ?? '';
  try {
    await navigator.clipboard.writeText(code);
    showState(button, 'copied');
  } catch {
    showState(button, 'failed');
  }
}

function setLabels(button: HTMLButtonElement, status: Element | null, state: CopyState): void {
  button.dataset.state = state;
  button.setAttribute('aria-label', LABELS[state].label);
  if (status) status.textContent = LABELS[state].text;
}

function showState(button: HTMLButtonElement, state: CopyState): void {
  setLabels(button, button.querySelector('[aria-live]'), state);
  window.clearTimeout(resetTimers.get(button));
  if (state === 'idle') return;
  resetTimers.set(
    button,
    window.setTimeout(() => showState(button, 'idle'), COPIED_MS),
  );
}
