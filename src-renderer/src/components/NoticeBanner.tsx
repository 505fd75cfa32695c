import { X } from 'lucide-react';
import { dismissNotice } from '../actions/settings.ts';
import { useAppStore } from '../store/index.ts';
import { IconButton } from './Button.tsx';
import { Callout } from './Callout.tsx';
import { commonWords } from './strings.ts';

/** Start-up notices from main (a corrupt settings file moved aside, …), each dismissible. */
export function NoticeBanner() {
  const t = commonWords.useT();
  const notices = useAppStore((s) => s.settings?.notices);
  if (!notices || notices.length === 0) return null;
  return (
    <div className="notice-banner" data-testid="notices">
      {notices.map((notice) => (
        <Callout
          key={notice.id}
          tone={notice.level}
          role={notice.level === 'error' ? 'alert' : 'status'}
          testId="notice"
          actions={
            <IconButton
              icon={X}
              label={t('dismissNotice')}
              size="sm"
              onClick={() => dismissNotice(notice.id)}
            />
          }
        >
          {notice.message}
        </Callout>
      ))}
    </div>
  );
}
