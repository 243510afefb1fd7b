/**
 * The Brands page (issue #22, BE7): operators with the `brand` role pick a brand and edit its settings, texts,
 * switches and banners. Save checks the draft with the server's own rules first (brandEditProblems), then asks
 * for a reason in the confirm dialog; a refusal names its field, shown under it. Saved values reach pages and
 * widgets on their next load (BE1), which the page says beside the Save button.
 */
import { useMemo, useState } from 'react';
import { Code } from '../core/contract/codes';
import {
  brandEditProblems,
  GetBrand,
  ListBrands,
  problemOfMessage,
  UpdateBrand,
  type BrandEdit,
  type BrandEditable,
  type BrandEditProblem,
  type BrandListItem,
} from '../core/contract/brand-admin';
import english from '../core/i18n/locales/en/backoffice/brands.json';
import { BRANDS_KEYS as K } from './brands-fields';
import { BrandForm } from './brands-form';
import { ConfirmDialog } from './confirm-dialog';
import { useBackoffice, useTime } from './context';
import { queueStrings } from './queue-declaration';
import type { Outcome } from './transport';
import { useLoad } from './use-load';
import { listOption } from './list-option';
import './brands.css';

/** The page's locale namespace, loaded like a queue's (`locales/<lang>/backoffice/brands.json`). */
export const BRANDS_STRINGS = queueStrings(
  'brands',
  english,
  import.meta.glob(
    ['../core/i18n/locales/*/backoffice/brands.json', '!../core/i18n/locales/en/backoffice/*'],
    { import: 'default' },
  ),
);

/** The draft as it is sent: home symbols without the blank left by a trailing comma. */
const cleaned = (draft: BrandEdit): BrandEdit => ({
  ...draft,
  settings: { ...draft.settings, homeSymbols: draft.settings.homeSymbols.filter((symbol) => symbol !== '') },
});

function BrandList({
  list,
  selected,
  onSelect,
}: {
  list: BrandListItem[];
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useBackoffice();
  const time = useTime();
  return (
    <ul className="bo-list" role="listbox" aria-label={t(`${K}.list`)}>
      {list.map((brand) => (
        <li
          key={brand.id}
          {...listOption(brand.id === selected, () => onSelect(brand.id))}
          data-testid={`bo-brand-${brand.id}`}
        >
          <span className="bo-list__main">
            <strong>{brand.name}</strong>
            <span className="bo-muted">{brand.id}</span>
          </span>
          <span className="bo-muted">
            {brand.editedAt === null ? t(`${K}.seeded`) : t(`${K}.edited`, { time: time(brand.editedAt) })}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** One brand's form, its checks and its save. */
function BrandEditor({ brand, onSaved }: { brand: BrandEditable; onSaved: (saved: BrandEditable) => void }) {
  const { t, call } = useBackoffice();
  const [draft, setDraft] = useState<BrandEdit>(brand.edit);
  const [problems, setProblems] = useState<BrandEditProblem[]>([]);
  const [confirming, setConfirming] = useState(false);
  const images = useMemo(
    () =>
      new Map(
        brand.edit.banners.flatMap((banner, i) =>
          banner.id === null ? [] : [[banner.id, brand.bannerImages[i] ?? ''] as const],
        ),
      ),
    [brand],
  );
  const known = brand.edit.banners.flatMap((banner) => (banner.id === null ? [] : [banner.id]));
  const changed = JSON.stringify(draft) !== JSON.stringify(brand.edit);

  const save = () => {
    const found = brandEditProblems(cleaned(draft), known);
    setProblems(found);
    if (found.length === 0) setConfirming(true);
  };
  const send = async (reason: string): Promise<Outcome<unknown>> => {
    const answer = await call(UpdateBrand, { id: brand.id, ...cleaned(draft), reason });
    if (answer.ok) {
      onSaved(answer.data);
      return answer;
    }
    // A field the server refused is shown under the field, as the page's own checks are.
    const problem = answer.code === Code.INCORRECT_PARAMETER ? problemOfMessage(answer.msg) : null;
    if (problem && problem.field !== 'reason') {
      setProblems([problem]);
      setConfirming(false);
    }
    return answer;
  };

  return (
    <form
      className="bo-card bo-brand"
      aria-labelledby="bo-brand-heading"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      data-testid="bo-brand-form"
    >
      <h2 id="bo-brand-heading">{brand.name}</h2>
      <BrandForm draft={draft} onChange={setDraft} problems={problems} images={images} />
      <div className="bo-brand__bar">
        {problems.length > 0 ? (
          <p className="bo-error" role="alert" data-testid="bo-brand-problems">
            {t(`${K}.problems`, { count: problems.length })}
          </p>
        ) : null}
        <p className="bo-muted bo-brand__note" data-testid="bo-brand-note">
          {t(`${K}.reach`)}
        </p>
        <button
          type="button"
          className="bo-button"
          disabled={!changed}
          onClick={() => {
            setDraft(brand.edit);
            setProblems([]);
          }}
          data-testid="bo-brand-revert"
        >
          {t(`${K}.revert`)}
        </button>
        <button
          type="submit"
          className="bo-button bo-button--primary"
          disabled={!changed}
          data-testid="bo-brand-save"
        >
          {t(`${K}.save`)}
        </button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title={t(`${K}.save_title`, { name: brand.name })}
          text={t(`${K}.save_text`, { name: brand.name })}
          danger={false}
          reasonHint={t(`${K}.reason_hint`)}
          send={send}
          doneText={t(`${K}.saved`, { name: brand.name })}
          onClose={() => setConfirming(false)}
          onDone={() => setConfirming(false)}
        />
      ) : null}
    </form>
  );
}

/** The selected brand, loaded; saved answers replace it (and the list's edited time). */
function SelectedBrand({ id, onSaved }: { id: string; onSaved: (saved: BrandEditable) => void }) {
  const { t, call } = useBackoffice();
  const [loaded, , update] = useLoad(id, () => call(GetBrand, { id }));
  if (loaded.state === 'loading') return <p className="bo-card bo-muted">{t('backoffice.loading')}</p>;
  if (loaded.state === 'failed') {
    return (
      <p className="bo-card bo-error" role="alert">
        {t('backoffice.failed', { message: loaded.message })}
      </p>
    );
  }
  return (
    <BrandEditor
      // A new answer (after a save) starts a fresh draft from what was stored.
      key={`${loaded.data.id}:${loaded.data.editedAt ?? 0}`}
      brand={loaded.data}
      onSaved={(saved) => {
        update(() => saved);
        onSaved(saved);
      }}
    />
  );
}

export function BrandsPage() {
  const { t, call } = useBackoffice();
  const [loaded, , update] = useLoad('brands', () => call(ListBrands, {}));
  const [selected, setSelected] = useState<string | null>(null);
  const list = loaded.state === 'ok' ? loaded.data.list : [];
  const current = selected ?? list[0]?.id ?? null;
  const onSaved = (saved: BrandEditable) =>
    update((data) => ({
      list: data.list.map((brand) =>
        brand.id === saved.id
          ? { ...brand, siteTitle: saved.edit.siteTitle, editedAt: saved.editedAt }
          : brand,
      ),
    }));
  return (
    <div className="bo-brands" data-testid="bo-brands">
      <section className="bo-card bo-brands__list" aria-labelledby="bo-brands-title">
        <h2 id="bo-brands-title">{t(`${K}.heading`)}</h2>
        {loaded.state === 'loading' ? <p className="bo-muted">{t('backoffice.loading')}</p> : null}
        {loaded.state === 'failed' ? (
          <p className="bo-error" role="alert">
            {t('backoffice.failed', { message: loaded.message })}
          </p>
        ) : null}
        <BrandList list={list} selected={current} onSelect={setSelected} />
      </section>
      {current ? <SelectedBrand key={current} id={current} onSaved={onSaved} /> : null}
    </div>
  );
}
