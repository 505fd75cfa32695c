import type { InputHTMLAttributes, Ref } from 'react';

/**
 * A password field for an API key. Write-only by design: no reveal toggle, no autofill, no spell check,
 * and its owner clears it as soon as the key has been handed to main.
 */
export function SecretInput(
  props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { ref?: Ref<HTMLInputElement> },
) {
  return (
    <input
      {...props}
      type="password"
      className={`input input--mono ${props.className ?? ''}`}
      autoComplete="off"
      spellCheck={false}
      autoCapitalize="off"
      autoCorrect="off"
      data-1p-ignore
    />
  );
}
