/**
 * The status of a verification level beside its entry in the desktop account dialog (spec §2 "verification,
 * junior verification"; statuses of §4), read when the dialog opens.
 */
import { useEffect, useState } from 'react';
import { GetJuniorVerification, GetVerification } from '../../../core/contract/kyc';
import { usePlatform } from '../../../widgets/_shared/platform-context';
import { useT } from '../../../widgets/_shared/use-t';

/** The dialog entries of the two levels, by route name. */
export const KYC_ROUTES = ['verified', 'juniorVerified'] as const;

export function isKycRoute(page: string): page is (typeof KYC_ROUTES)[number] {
  return (KYC_ROUTES as readonly string[]).includes(page);
}

/** The status text of the level of `page`, read again when the dialog shows another page (`shown`). */
export function KycMenuStatus({ page, shown }: { page: (typeof KYC_ROUTES)[number]; shown: string }) {
  const t = useT();
  const platform = usePlatform();
  const [status, setStatus] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    const endpoint = page === 'verified' ? GetVerification : GetJuniorVerification;
    void platform.api.call(endpoint, {}, { silent: true }).then((answer) => {
      if (live && answer.ok) setStatus(answer.data.verifiedStatus);
    });
    return () => {
      live = false;
    };
  }, [platform, page, shown]);
  if (status === null) return null;
  return (
    <span className="host-kyc-status" data-status={status} data-testid={`dialog-kyc-status-${page}`}>
      {t(`account.kyc.status_${status}`)}
    </span>
  );
}
