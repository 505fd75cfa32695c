import { useCallback } from 'react';
import { measureNextFrame } from '../../util/next-frame.ts';

/**
 * A textarea that grows with its text up to `maxLines` lines, then scrolls; never shorter than its `rows`.
 * Returns the ref callback to put on the textarea. The browser sizes it as it lays the page out (CSS
 * `field-sizing: content`, which leaves `rows` aside); only the floor and the cap are set here, from its
 * computed style, in the next frame before it is painted (see `measureNextFrame`: a field's style is read
 * after the page's layout there, not inside the commit that mounts or shows it). Measuring its scroll height
 * instead forced a layout of the whole panel at every key.
 */
export function useAutoGrow(maxLines: number) {
  return useCallback(
    (area: HTMLTextAreaElement | null) => {
      if (!area) return;
      area.style.setProperty('field-sizing', 'content');
      return measureNextFrame(() => {
        const style = getComputedStyle(area);
        const line = Number.parseFloat(style.lineHeight) || 20;
        const chrome =
          Number.parseFloat(style.paddingTop) +
          Number.parseFloat(style.paddingBottom) +
          Number.parseFloat(style.borderTopWidth) +
          Number.parseFloat(style.borderBottomWidth);
        area.style.minHeight = `${line * area.rows + chrome}px`;
        area.style.maxHeight = `${line * maxLines + chrome}px`;
      });
    },
    [maxLines],
  );
}
