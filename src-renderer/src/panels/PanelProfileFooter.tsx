import { KeyRound, Server } from 'lucide-react';
import { Button } from '../components/Button.tsx';
import { commonWords } from '../components/strings.ts';
import { Rich } from '../i18n/rich.tsx';
import { useAppStore } from '../store/index.ts';
import { selectActiveProfile } from '../store/settings.ts';
import { hostOf } from '../util/url.ts';

/** Under an empty state: which gateway the panel will use, or what is missing before it can. */
export function PanelProfileFooter() {
  const t = commonWords.useT();
  const active = useAppStore(selectActiveProfile);
  const showPanel = useAppStore((s) => s.showPanel);
  const select = useAppStore((s) => s.select);
  const openSettings = () => {
    if (active) select({ kind: 'profile', id: active.id });
    showPanel('settings');
  };
  if (!active) {
    return (
      <>
        <span className="panel-footer__line">
          <Server size={14} aria-hidden /> {t('profileFooter.none')}
        </span>
        <Button size="sm" variant="ghost" onClick={openSettings}>
          {t('profileFooter.choose')}
        </Button>
      </>
    );
  }
  return (
    <>
      <span className="panel-footer__line">
        <Server size={14} aria-hidden />
        <span>
          <Rich
            words={commonWords}
            k="profileFooter.uses"
            values={{ name: active.name, host: hostOf(active.baseUrl) }}
            components={{ strong: <strong />, mono: <span className="mono" /> }}
          />
        </span>
      </span>
      {active.hasKey ? null : (
        <Button size="sm" variant="secondary" icon={KeyRound} onClick={openSettings}>
          {t('profileFooter.addKey')}
        </Button>
      )}
    </>
  );
}
