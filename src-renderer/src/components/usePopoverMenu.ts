// A menu button's behaviour, for any list of `role="menuitem"` buttons: the list is a native popover (top
// layer, so no scrolling ancestor clips it; a click outside or Esc closes it and hands focus back), hung
// under its button with CSS anchor positioning (`.popover-menu` in PopoverMenu.css). The arrow keys open
// it from the button and move through it, Home and End jump, Tab closes it: a menu is one tab stop.
import { type CSSProperties, type KeyboardEvent, useId, useRef, useState } from 'react';
import './PopoverMenu.css';

export function usePopoverMenu() {
  const menuId = useId();
  const menuRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  // Which item takes focus when the menu opens: the last one after ArrowUp on the button, else the first.
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const anchor = `--menu-${menuId.replace(/[^a-zA-Z0-9_-]/g, '')}`;

  const items = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);
  const show = (focus: 'first' | 'last' = 'first') => {
    focusOnOpen.current = focus;
    const menu = menuRef.current;
    if (menu && !menu.matches(':popover-open')) menu.showPopover();
  };
  const hide = () => {
    const menu = menuRef.current;
    if (menu?.matches(':popover-open')) menu.hidePopover();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLButtonElement);
    const focusAt = (next: number) => list[(next + list.length) % list.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(index + 1);
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(list.length - 1);
    else if (event.key === 'Tab') hide();
    else return;
    event.preventDefault();
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    show(event.key === 'ArrowUp' ? 'last' : 'first');
  };

  return {
    open,
    show,
    hide,
    /** Spread on the menu's button. */
    triggerProps: {
      popoverTarget: menuId,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': menuId,
      onKeyDown: onTriggerKeyDown,
      style: { anchorName: anchor } as CSSProperties,
    },
    /** Spread on the element holding the items, with `role="menu"`, a label and `className="popover-menu"`. */
    menuProps: {
      ref: menuRef,
      id: menuId,
      popover: 'auto' as const,
      style: { positionAnchor: anchor } as CSSProperties,
      onKeyDown: onMenuKeyDown,
      onToggle: (event: { newState: string }) => {
        const nowOpen = event.newState === 'open';
        setOpen(nowOpen);
        if (!nowOpen) return;
        const list = items();
        (focusOnOpen.current === 'last' ? list[list.length - 1] : list[0])?.focus();
        focusOnOpen.current = 'first';
      },
    },
  };
}
