import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A textarea that grows with its text up to `maxLines` lines, then scrolls. Returns the ref callback to
 * put on the textarea; `value` is what it shows (the height is measured again when it changes).
 */
export function useAutoGrow(value: string, maxLines: number): (element: HTMLTextAreaElement | null) => void {
  const element = useRef<HTMLTextAreaElement | null>(null);
  const fitHeight = useCallback(() => {
    const area = element.current;
    if (!area) return;
    const style = getComputedStyle(area);
    const line = Number.parseFloat(style.lineHeight) || 20;
    const chrome =
      Number.parseFloat(style.paddingTop) +
      Number.parseFloat(style.paddingBottom) +
      Number.parseFloat(style.borderTopWidth) +
      Number.parseFloat(style.borderBottomWidth);
    area.style.height = 'auto';
    const wanted =
      area.scrollHeight +
      Number.parseFloat(style.borderTopWidth) +
      Number.parseFloat(style.borderBottomWidth);
    area.style.height = `${Math.min(wanted, line * maxLines + chrome)}px`;
  }, [maxLines]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useLayoutEffect(fitHeight, [value, fitHeight]);
  return useCallback(
    (area: HTMLTextAreaElement | null) => {
      element.current = area;
      fitHeight();
    },
    [fitHeight],
  );
}
