// The list element of a long list drawn a window at a time (useListWindow.ts): as tall as every loaded row,
// holding only the rows in view and a few around, each placed at its own height. Used by the conversation
// list, the transcript history and the speech history, which differ only in their rows.
import type { ReactNode } from 'react';
import type { ListWindow } from './useListWindow.ts';

interface WindowedListProps {
  listWindow: ListWindow<HTMLUListElement>;
  className: string;
  /** Rows in all, and rows loaded so far (told to the page as data attributes, for tests and benches). */
  total: number;
  loaded: number;
  testId: string;
  /** Row `index` of the list, placed at `top` (`windowRowProps`); null for a row not loaded. */
  row(index: number, top: number): ReactNode;
}

export function WindowedList({ listWindow, className, total, loaded, testId, row }: WindowedListProps) {
  return (
    <ul
      ref={listWindow.listRef}
      className={className}
      // As tall as all the loaded rows together, so the scrollbar tells the truth.
      style={{ position: 'relative', height: listWindow.height }}
      {...listWindow.listProps}
      data-total={total}
      data-loaded={loaded}
      data-testid={testId}
    >
      {listWindow.rows.map(({ index, start }) => row(index, listWindow.topOf(start)))}
    </ul>
  );
}
