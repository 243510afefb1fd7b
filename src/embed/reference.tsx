/** The widget's events and `::part` names, as its metadata documents them (English API documentation). */
import type { WidgetMeta } from '../widgets/_shared/widget-meta';
import type { Translate } from './translate';

export function Reference({ meta, t }: { meta: WidgetMeta; t: Translate }) {
  return (
    <details className="ek-reference" data-testid="ek-reference">
      <summary>{t('embed.reference')}</summary>
      {meta.events.length > 0 ? (
        <>
          <h3 className="ek-subheading">{t('embed.events')}</h3>
          <dl className="ek-list" lang="en">
            {meta.events.map((event) => (
              <div key={event.name}>
                <dt className="ek-code">
                  {event.name} <span className="ek-muted">{event.detail}</span>
                </dt>
                <dd>{event.description}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
      <h3 className="ek-subheading">{t('embed.parts')}</h3>
      <dl className="ek-list" lang="en">
        {meta.parts.map((part) => (
          <div key={part.name}>
            <dt className="ek-code">{part.name}</dt>
            <dd>{part.description}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
