import type { LucideIcon } from 'lucide-react';
import { Ellipsis } from 'lucide-react';
import { type CSSProperties, type KeyboardEvent, useId, useRef, useState } from 'react';
import { IconButton } from '../../components/Button.tsx';

export interface RowMenuItem {
  label: string;
  icon: LucideIcon;
  onSelect(): void;
  danger?: boolean;
  testId?: string;
}

/**
 * A row's "…" menu: a native popover (top layer, so the scrolling list never clips it; light dismiss and
 * Esc for free) placed under its button with CSS anchor positioning. Arrow keys move between items.
 */
export function RowMenu({
  label,
  items,
  testId,
}: {
  label: string;
  items: readonly RowMenuItem[];
  testId?: string;
}) {
  const menuId = useId();
  const menu = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const anchor = `--row-menu-${menuId.replace(/[^a-zA-Z0-9_-]/g, '')}`;

  const buttons = () =>
    Array.from(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = buttons();
    const index = list.indexOf(document.activeElement as HTMLButtonElement);
    const focusAt = (next: number) => list[(next + list.length) % list.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(index + 1);
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(list.length - 1);
    else if (event.key === 'Tab') menu.current?.hidePopover();
    else return;
    event.preventDefault();
  };

  return (
    <>
      <IconButton
        icon={Ellipsis}
        label={label}
        size="sm"
        className="row-menu__trigger"
        popoverTarget={menuId}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        style={{ anchorName: anchor } as CSSProperties}
        data-testid={testId}
      />
      <div
        ref={menu}
        id={menuId}
        popover="auto"
        role="menu"
        aria-label={label}
        className="row-menu"
        style={{ positionAnchor: anchor } as CSSProperties}
        onKeyDown={onKeyDown}
        onToggle={(event) => {
          const nowOpen = event.newState === 'open';
          setOpen(nowOpen);
          if (nowOpen) buttons()[0]?.focus();
        }}
      >
        {items.map((item) => (
          <button
            key={item.label}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={`row-menu__item${item.danger ? ' row-menu__item--danger' : ''}`}
            onClick={() => {
              menu.current?.hidePopover();
              item.onSelect();
            }}
            data-testid={item.testId}
          >
            <item.icon size={14} aria-hidden />
            {item.label}
          </button>
        ))}
      </div>
    </>
  );
}
