/** Puts the caret at the end of the composer (after New chat, a starter prompt, …). */
export function focusComposer(): void {
  requestAnimationFrame(() => {
    const composer = document.querySelector<HTMLTextAreaElement>('[data-testid="composer-input"]');
    if (!composer) return;
    composer.focus();
    composer.setSelectionRange(composer.value.length, composer.value.length);
  });
}
