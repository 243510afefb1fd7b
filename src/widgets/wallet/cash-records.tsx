import { useCallback } from 'react';
import { CashRecords, type CashRecord } from '../../core/contract/wallets';
import { useHostState } from '../_shared/host-state';
import { PagedList } from './paged-list';
import { CashRecordRow } from './record-rows';
import { usePages } from '../_shared/use-pages';
import { useWallet } from './wallet-context';
import { RECORD_STATES, RECORD_TYPES, recordsQuery, type RecordState, type RecordType } from './wallet.logic';

/** A row of filter chips (one pressed). */
export function Chips<V extends string>({
  values,
  value,
  label,
  labelOf,
  onChange,
  part,
}: {
  values: readonly V[];
  value: V;
  label: string;
  labelOf: (value: V) => string;
  onChange: (value: V) => void;
  part: string;
}) {
  return (
    <div className="tk-wallet__chips" role="group" aria-label={label} part={part}>
      {values.map((v) => (
        <button
          key={v}
          type="button"
          className="tk-wallet__chip"
          aria-pressed={v === value}
          data-value={v}
          onClick={() => onChange(v)}
        >
          {labelOf(v)}
        </button>
      ))}
    </div>
  );
}

/** Spec §2 Records: deposits and withdrawals filtered by type and status, 10 a page, infinite scroll. */
export function CashRecordsView({ user }: { user: string }) {
  const { t, platform } = useWallet();
  const [type, setType] = useHostState<RecordType>('wallet.records.type', 'all');
  const [status, setStatus] = useHostState<RecordState>('wallet.records.status', 'all');
  const fetchPage = useCallback(
    (page: number) => platform.api.call(CashRecords, recordsQuery(type, status, page), { silent: true }),
    [platform, type, status],
  );
  const pages = usePages<CashRecord>(`${user}|${type}|${status}`, fetchPage);
  return (
    <section className="tk-wallet__section" part="records" aria-label={t('wallet.records_title')}>
      <h2 className="tk-wallet__heading">{t('wallet.records_title')}</h2>
      <Chips
        part="type-filter"
        values={RECORD_TYPES}
        value={type}
        label={t('wallet.filter_type')}
        labelOf={(v) => t(`wallet.type.${v}`)}
        onChange={setType}
      />
      <Chips
        part="status-filter"
        values={RECORD_STATES}
        value={status}
        label={t('wallet.filter_status')}
        labelOf={(v) => t(v === 'all' ? 'wallet.type.all' : `wallet.state.${v}`)}
        onChange={setStatus}
      />
      <PagedList
        pages={pages}
        part="record-list"
        label={t('wallet.records_title')}
        render={(record) => <CashRecordRow key={record.id} record={record} />}
      />
    </section>
  );
}
