import type { LucideIcon } from 'lucide-react';
import { Ellipsis } from 'lucide-react';
import { IconButton } from '../../components/Button.tsx';
import { usePopoverMenu } from '../../components/usePopoverMenu.ts';

export interface RowMenuItem {
  label: string;
  icon: LucideIcon;
  onSelect(): void;
  danger?: boolean;
  testId?: string;
}

/** A row's "…" menu (see usePopoverMenu). */
export function RowMenu({
  label,
  items,
  testId,
}: {
  label: string;
  items: readonly RowMenuItem[];
  testId?: string;
}) {
  const menu = usePopoverMenu();
  return (
    <>
      <IconButton
        {...menu.triggerProps}
        icon={Ellipsis}
        label={label}
        size="sm"
        className="row-menu__trigger"
        data-testid={testId}
      />
      <div {...menu.menuProps} role="menu" aria-label={label} className="popover-menu">
        {items.map((item) => (
          <button
            key={item.label}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={`popover-menu__item row-menu__item${item.danger ? ' row-menu__item--danger' : ''}`}
            onClick={() => {
              menu.hide();
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
