/** The back office's top-bar note of the zone its times are in: "Time zone: New York (UTC-5)". */
import { offsetLabel, zoneName, zoneOffsetMinutes } from '../core/domain/format';
import { useBackoffice } from './context';

/** The zone's city and its offset now (each time in the lists carries its own offset). */
export function TimeZoneNote({ zone }: { zone: string }) {
  const { t } = useBackoffice();
  const offset = offsetLabel(zoneOffsetMinutes(Date.now(), zone));
  const name = zoneName(zone);
  return (
    <span className="bo-muted bo-top__zone" data-testid="bo-time-zone" title={zone}>
      {t('backoffice.top.time_zone')}: {name === 'UTC' ? name : `${name} (${offset})`}
    </span>
  );
}
