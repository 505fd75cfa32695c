import { ChevronDown, Download } from 'lucide-react';
import { type Ref, useImperativeHandle } from 'react';
import type { TranscriptExportFormat } from '../../../../src-preload/contract.ts';
import { Button, IconButton } from '../../components/Button.tsx';
import { usePopoverMenu } from '../../components/usePopoverMenu.ts';
import { transcribeWords } from './strings.ts';
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

/** The export formats as a menu button (see usePopoverMenu). */
export function ExportMenu({
  onExport,
  trigger,
  label,
  keyShortcuts,
  ref,
  testId = 'export-menu',
}: ExportMenuProps) {
  const t = transcribeWords.useT();
  const menu = usePopoverMenu();
  useImperativeHandle(ref, () => ({ open: () => menu.show('first') }));

  const choose = (format: TranscriptExportFormat) => {
    menu.hide();
    onExport(format);
  };

  const triggerProps = {
    ...menu.triggerProps,
    'aria-keyshortcuts': keyShortcuts,
    'data-testid': testId,
    className: 'export-menu__trigger',
  };

  return (
    <>
      {trigger === 'button' ? (
        <Button {...triggerProps} variant="secondary" size="sm" icon={Download} title={label}>
          {t('exportMenu.button')}
          <ChevronDown size={14} aria-hidden className="export-menu__chevron" />
        </Button>
      ) : (
        <IconButton {...triggerProps} icon={Download} label={label} size="sm" />
      )}
      <div
        {...menu.menuProps}
        role="menu"
        aria-label={t('exportMenu.heading')}
        className="popover-menu export-menu"
        data-testid={`${testId}-list`}
      >
        <p className="export-menu__heading" aria-hidden>
          {t('exportMenu.heading')}
        </p>
        {EXPORT_FORMATS.map(({ format, labelKey, detail }) => (
          <button
            key={format}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="popover-menu__item export-menu__item"
            onClick={() => choose(format)}
            data-format={format}
          >
            <span className="export-menu__name">{t(labelKey)}</span>
            <span className="export-menu__extension">{detail}</span>
          </button>
        ))}
      </div>
    </>
  );
}
