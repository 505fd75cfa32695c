import { PanelHeader } from '../../shell/PanelHeader.tsx';
import { shellWords } from '../../shell/strings.ts';
import { useAppStore } from '../../store/index.ts';
import { EncryptionStatusCard } from './EncryptionStatusCard.tsx';
import { LanguageCard } from './LanguageCard.tsx';
import { NewProfileEditor, ProfileEditor } from './ProfileEditor.tsx';
import { ProfileList } from './ProfileList.tsx';
import { settingsWords } from './strings.ts';
import './settings.css';

export function SettingsPanel() {
  const t = settingsWords.useT();
  const shellT = shellWords.useT();
  const selection = useAppStore((s) => s.selection);
  const profile = useAppStore((s) => {
    const selected = s.selection;
    return selected?.kind === 'profile'
      ? (s.settings?.profiles.find((p) => p.id === selected.id) ?? null)
      : null;
  });
  return (
    <>
      <PanelHeader title={shellT('panels.settings')} description={t('panel.description')} />
      <div className="settings-layout">
        <div className="settings-layout__aside">
          <ProfileList />
          <EncryptionStatusCard />
          <LanguageCard />
        </div>
        <div className="settings-layout__main">
          {selection?.kind === 'new' ? (
            <NewProfileEditor />
          ) : profile ? (
            <ProfileEditor profile={profile} />
          ) : null}
        </div>
      </div>
    </>
  );
}
