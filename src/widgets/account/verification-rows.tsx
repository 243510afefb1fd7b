import { useEffect, useState } from 'react';
import { GetJuniorVerification, GetVerification, type KycLevel } from '../../core/contract/kyc';
import { isConfigOn } from './account.logic';
import { useAccount } from './account-context';
import { Row } from './parts';

/** The levels' pages and brand switches (spec §2 "verified, junior verification (if configured)"). */
const LEVELS: ReadonlyArray<{ level: KycLevel; flag: string; path: string; label: string }> = [
  { level: 'advanced', flag: 'showVerified', path: '/user/verified', label: 'account.kyc.verified' },
  {
    level: 'junior',
    flag: 'user/juniorVerified',
    path: '/user/juniorVerified',
    label: 'account.kyc.junior_verified',
  },
];

/** The verifiedStatus of a level (spec §4), null until it is known. */
function useLevelStatus(level: KycLevel, asked: boolean): number | null {
  const { platform, user } = useAccount();
  const [status, setStatus] = useState<number | null>(null);
  const uid = user?.uid;
  useEffect(() => {
    if (!asked || !uid) return;
    let live = true;
    const endpoint = level === 'advanced' ? GetVerification : GetJuniorVerification;
    void platform.api.call(endpoint, {}, { silent: true }).then((answer) => {
      if (live && answer.ok) setStatus(answer.data.verifiedStatus);
    });
    return () => {
      live = false;
    };
  }, [platform, level, asked, uid]);
  return status;
}

function LevelRow({ entry }: { entry: (typeof LEVELS)[number] }) {
  const { t, systemConfig, navigate } = useAccount();
  const offered = isConfigOn(systemConfig, entry.flag);
  const status = useLevelStatus(entry.level, offered);
  if (!offered) return null;
  return (
    <Row
      icon="doc"
      label={t(entry.label)}
      value={
        status === null ? undefined : (
          <span
            className="tk-account__kyc"
            data-status={status}
            data-testid={`kyc-status-menu-${entry.level}`}
          >
            {t(`account.kyc.status_${status}`)}
          </span>
        )
      }
      onClick={() => navigate(entry.path)}
      testId={`menu-${entry.level === 'advanced' ? 'verified' : 'junior-verified'}`}
    />
  );
}

/** The user menu's verification rows, each with its level's status, where the brand offers the level. */
export function VerificationRows() {
  return (
    <>
      {LEVELS.map((entry) => (
        <LevelRow key={entry.level} entry={entry} />
      ))}
    </>
  );
}
