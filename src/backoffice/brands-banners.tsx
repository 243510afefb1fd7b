/** The brand form's home banners: in order, each shown or not, with its title, translations and link. */
import { BANNERS_MAX, BRAND_URL_MAX, type BannerEdit } from '../core/contract/brand-admin';
import {
  BRANDS_KEYS as K,
  FieldError,
  fieldId,
  invalidProps,
  MoveButtons,
  moved,
  TranslatedText,
} from './brands-fields';
import type { FormProps } from './brands-form';
import { useBackoffice } from './context';

const NEW_BANNER: BannerEdit = { id: null, active: true, title: '', titles: {}, linkUrl: '' };

export function BannersSection({ draft, onChange, problems, images }: FormProps) {
  const { t } = useBackoffice();
  const banners = draft.banners;
  const setBanners = (next: BannerEdit[]) => onChange({ ...draft, banners: next });
  const setBanner = (i: number, change: Partial<BannerEdit>) =>
    setBanners(banners.map((banner, j) => (j === i ? { ...banner, ...change } : banner)));
  return (
    <section className="bo-brand__section bo-brand__section--wide" aria-labelledby="bo-brand-banners">
      <h3 id="bo-brand-banners">{t(`${K}.section.banners`)}</h3>
      <FieldError problems={problems} field="banners" />
      <ol className="bo-brand__banners">
        {banners.map((banner, i) => {
          const name = t(`${K}.banner_n`, { n: i + 1 });
          const field = `banners.${i}`;
          const image = banner.id === null ? undefined : images.get(banner.id);
          return (
            <li
              key={banner.id ?? `new-${i}`}
              className="bo-brand__banner"
              data-testid={`bo-brand-banner-${i}`}
            >
              <div className="bo-brand__banner-head">
                <strong>{name}</strong>
                <label className="bo-brand__check">
                  <input
                    type="checkbox"
                    checked={banner.active}
                    onChange={(event) => setBanner(i, { active: event.target.checked })}
                    data-testid={`${fieldId(field)}-active`}
                  />
                  <span>{t(`${K}.banner_active`)}</span>
                </label>
                <MoveButtons
                  i={i}
                  count={banners.length}
                  name={name}
                  onMove={(by) => setBanners(moved(banners, i, by))}
                  testId={fieldId(field)}
                />
              </div>
              {image ? <img className="bo-brand__banner-image" src={image} alt="" /> : null}
              <TranslatedText
                label={t(`${K}.banner_title`)}
                field={`${field}.title`}
                translationsField={`${field}.titles`}
                text={banner.title}
                translations={banner.titles}
                onText={(title) => setBanner(i, { title })}
                onTranslations={(titles) => setBanner(i, { titles })}
                problems={problems}
              />
              <label className="bo-field">
                <span>{t(`${K}.banner_link`)}</span>
                <input
                  id={fieldId(`${field}.linkUrl`)}
                  value={banner.linkUrl}
                  maxLength={BRAND_URL_MAX}
                  spellCheck={false}
                  onChange={(event) => setBanner(i, { linkUrl: event.target.value.trim() })}
                  data-testid={fieldId(`${field}.linkUrl`)}
                  {...invalidProps(problems, `${field}.linkUrl`)}
                />
                <small>{t(`${K}.banner_link_hint`)}</small>
                <FieldError problems={problems} field={`${field}.linkUrl`} />
              </label>
              <FieldError problems={problems} field={field} />
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="bo-button"
        disabled={banners.length >= BANNERS_MAX}
        onClick={() => setBanners([...banners, NEW_BANNER])}
        data-testid="bo-brand-add-banner"
      >
        {t(`${K}.add_banner`)}
      </button>
    </section>
  );
}
