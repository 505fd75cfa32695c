import { CircleCheck, CircleX, PlugZap } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { FamilyCheck, ProfileView } from '../../../../src-preload/contract.ts';
import { testConnection } from '../../actions/profiles.ts';
import { Button } from '../../components/Button.tsx';
import { Callout } from '../../components/Callout.tsx';
import { useAppStore } from '../../store/index.ts';
import { describeRoute } from './connection-route.ts';
import './network.css';
import { SettingsSection } from './SettingsSection.tsx';
import { settingsWords } from './strings.ts';

const FAMILIES = [
  { key: 'v1', path: '/v1', covers: 'connection.v1Covers' },
  { key: 'v1beta', path: '/v1beta', covers: 'connection.v1betaCovers' },
] as const;

/** Runs `gateway.testConnection` for the profile and shows each API family's answer on its own line. */
export function ConnectionSection({ profile }: { profile: ProfileView }) {
  const t = settingsWords.useT();
  const check = useAppStore((s) => s.connectionChecks[profile.id]);
  const running = check?.status === 'running';
  const resultRef = useRef<HTMLDivElement>(null);
  // The section sits low in the editor: bring a fresh answer into view rather than leave it below the fold.
  const finishedAt = check && check.status !== 'running' ? check.at : null;
  useEffect(() => {
    if (finishedAt !== null) resultRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [finishedAt]);
  return (
    <SettingsSection
      title={t('connection.title')}
      description={t('connection.description')}
      testId="connection-section"
      actions={
        <Button
          icon={PlugZap}
          busy={running}
          onClick={() => testConnection(profile.id)}
          data-testid="test-connection"
        >
          {running ? t('connection.testing') : t('connection.test')}
        </Button>
      }
    >
      <div ref={resultRef} className="connection__result">
        {!check || running ? (
          <p className="connection__idle">
            {running
              ? t('connection.contacting', { url: profile.baseUrl })
              : profile.hasKey
                ? t('connection.notTested')
                : t('connection.addKeyFirst')}
          </p>
        ) : check.status === 'failed' ? (
          <Callout tone="error" title={t('connection.couldNotRun')} testId="connection-failed" role="alert">
            {check.error.message}
            {check.error.hint ? <span className="connection__hint"> {check.error.hint}</span> : null}
          </Callout>
        ) : (
          <>
            <ul className="connection__results" data-testid="connection-results">
              {FAMILIES.map((family) => (
                <FamilyResult
                  key={family.key}
                  path={family.path}
                  covers={t(family.covers)}
                  check={check.report[family.key]}
                />
              ))}
            </ul>
            {check.report.route ? (
              <p className="connection__route" data-testid="connection-route">
                {t('connection.route')} <span className="mono">{describeRoute(check.report.route)}</span>
              </p>
            ) : null}
          </>
        )}
      </div>
    </SettingsSection>
  );
}

function FamilyResult({ path, covers, check }: { path: string; covers: string; check: FamilyCheck }) {
  const t = settingsWords.useT();
  return (
    <li
      className={`connection__row connection__row--${check.ok ? 'ok' : 'failed'}`}
      data-testid={`connection-${path.slice(1)}`}
    >
      {check.ok ? (
        <CircleCheck size={16} className="connection__icon" aria-label={t('connection.reachable')} />
      ) : (
        <CircleX size={16} className="connection__icon" aria-label={t('connection.failed')} />
      )}
      <div className="connection__family">
        <span className="mono connection__path">{path}</span>
        <span className="connection__covers">{covers}</span>
      </div>
      <div className="connection__outcome">
        {check.ok ? (
          <span className="connection__metrics">
            {t('connection.models', { count: check.modelCount })} ·{' '}
            {t('connection.latency', { ms: check.latencyMs })}
          </span>
        ) : (
          <>
            <span className="connection__message">{check.error.message}</span>
            {check.error.hint ? <span className="connection__hint">{check.error.hint}</span> : null}
          </>
        )}
      </div>
    </li>
  );
}
