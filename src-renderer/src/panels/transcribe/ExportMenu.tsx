import { ChevronDown, Download } from 'lucide-react';
import {
  type CSSProperties,
  type KeyboardEvent,
  type Ref,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import type { TranscriptExportFormat } from '../../../../src-preload/contract.ts';
import { Button, IconButton } from '../../components/Button.tsx';
import { EXPORT_FORMATS } from './transcript-labels.ts';
import './ExportMenu.css';

export interface ExportMenuHandle {
  /** Opens the menu with its first format focused (the Ctrl/Cmd+E shortcut). */
  open(): void;
}

interface ExportMenuProps {
  onExport(format: TranscriptExportFormat): void;
  /** `button`: "Export ▾" in a toolbar; `icon`: a small download button in a list row. */
  trigger: 'button' | 'icon';
  /** The trigger's tooltip; for the icon trigger also its accessible name ("Export meeting.wav"). */
  label: string;
  /** For `aria-keyshortcuts`, when a shortcut opens this menu. */
  keyShortcuts?: string;
  ref?: Ref<ExportMenuHandle>;
  testId?: string;
}

/**
 * The export formats as a menu button. The list is a native popover: it sits in the top layer (no
 * scrolling ancestor clips it), closes on a click outside or Esc and then hands focus back, and is placed
 * under its button with CSS anchor positioning (flipping above when there is no room below).
 */
export function ExportMenu({
  onExport,
  trigger,
  label,
  keyShortcuts,
  ref,
  testId = 'export-menu',
}: ExportMenuProps) {
  const menuId = useId();
  const menuRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  // Which item takes focus when the menu opens: the last one after ArrowUp on the button, else the first.
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const anchor = `--export-${menuId.replace(/[^a-zA-Z0-9_-]/g, '')}`;

  const items = () =>
    Array.from(menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);
  const show = (focus: 'first' | 'last') => {
    focusOnOpen.current = focus;
    const menu = menuRef.current;
    if (menu && !menu.matches(':popover-open')) menu.showPopover();
  };
  const hide = () => {
    const menu = menuRef.current;
    if (menu?.matches(':popover-open')) menu.hidePopover();
  };

  useImperativeHandle(ref, () => ({ open: () => show('first') }));

  const choose = (format: TranscriptExportFormat) => {
    hide();
    onExport(format);
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLButtonElement);
    const focusAt = (next: number) => list[(next + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        focusAt(index - 1);
        break;
      case 'Home':
        focusAt(0);
        break;
      case 'End':
        focusAt(list.length - 1);
        break;
      case 'Tab':
        // A menu is one stop: Tab closes it, and focus goes back to where it was before it opened.
        hide();
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    show(event.key === 'ArrowUp' ? 'last' : 'first');
  };

  const triggerProps = {
    popoverTarget: menuId,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': open,
    'aria-controls': menuId,
    'aria-keyshortcuts': keyShortcuts,
    onKeyDown: onTriggerKeyDown,
    style: { anchorName: anchor } as CSSProperties,
    'data-testid': testId,
    className: 'export-menu__trigger',
  };

  return (
    <>
      {trigger === 'button' ? (
        <Button {...triggerProps} variant="secondary" size="sm" icon={Download} title={label}>
          Export
          <ChevronDown size={14} aria-hidden className="export-menu__chevron" />
        </Button>
      ) : (
        <IconButton {...triggerProps} icon={Download} label={label} size="sm" />
      )}
      <div
        ref={menuRef}
        id={menuId}
        popover="auto"
        role="menu"
        aria-label="Export as"
        className="export-menu"
        style={{ positionAnchor: anchor } as CSSProperties}
        onKeyDown={onMenuKeyDown}
        onToggle={(event) => {
          const nowOpen = event.newState === 'open';
          setOpen(nowOpen);
          if (!nowOpen) return;
          const list = items();
          (focusOnOpen.current === 'last' ? list[list.length - 1] : list[0])?.focus();
          focusOnOpen.current = 'first';
        }}
        data-testid={`${testId}-list`}
      >
        <p className="export-menu__heading" aria-hidden>
          Export as
        </p>
        {EXPORT_FORMATS.map(({ format, label: name, detail }) => (
          <button
            key={format}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="export-menu__item"
            onClick={() => choose(format)}
            data-format={format}
          >
            <span className="export-menu__name">{name}</span>
            <span className="export-menu__extension">{detail}</span>
          </button>
        ))}
      </div>
    </>
  );
}
