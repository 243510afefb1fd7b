/**
 * What stops this order before the trader fills the form in (issue #26 item 4, KB3): one line per blocking
 * rule, the catalogue text of its code and, where this client knows one, why and what to do. A rule the
 * client has never heard of still shows its catalogue text; the submit's own refusal stays the last word.
 */
import placementNoticeCss from './placement-notice.css?inline';
import { codeMessage } from '../../core/api/response';
import { blockActionOf } from './kyc-block';
import { usePlatform } from './platform-context';
import { useAtomValue } from './store-react';
import type { Translate } from './use-t';
import { usePartCss } from './widget-host';
import { usePlacementBlocks, type PlacementKind } from './use-placement-blocks';

/** Props of PlacementNotice. */
export interface PlacementNoticeProps {
  kind: PlacementKind;
  symbol: string;
  /** Changes after each refused submit (the error toast's id): the verdict is asked again. */
  refusal: number;
  t: Translate;
  /** Opens the page that lifts a rule (verification for 1014, bind email for 1156); without it, no link. */
  onNavigate?: (to: string) => void;
}

/** The notice, or nothing while no rule blocks. */
export function PlacementNotice({ kind, symbol, refusal, t, onNavigate }: PlacementNoticeProps) {
  usePartCss('placement-notice', placementNoticeCss);
  const blocks = usePlacementBlocks(kind, symbol, refusal);
  const configs = useAtomValue(usePlatform().atoms.systemConfig)?.systemConfigs;
  if (blocks.length === 0) return null;
  return (
    <div className="tk-placement-notice" role="status" part="placement-notice" data-testid="placement-notice">
      <p className="tk-placement-notice__title">{t(`placement_notice.title_${kind}`)}</p>
      <ul className="tk-placement-notice__list">
        {blocks.map((block) => {
          const why = t(`placement_notice.why.${block.code}`, { defaultValue: '' });
          const action = onNavigate ? blockActionOf(block.code, configs) : null;
          return (
            <li key={block.rule} data-code={block.code} data-testid="placement-block">
              <strong>{codeMessage(block.code, '', t)}</strong>
              {why ? <span className="tk-placement-notice__why">{why}</span> : null}
              {action ? (
                <button
                  type="button"
                  className="tk-placement-notice__action"
                  part="placement-action"
                  data-testid="placement-action"
                  onClick={() => onNavigate?.(action.to)}
                >
                  {t(action.label)}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
