/** Mobile full-page header: back, a title and optional actions on the right. */
import type { ReactNode } from 'react';
import { useT } from '../../widgets/_shared/use-t';
import { goBack, navigate } from '../routing/history';
import { ChevronLeftIcon } from './icons';
import './page-bar.css';

export interface PageBarProps {
  title?: ReactNode;
  actions?: ReactNode;
  /** Where back goes (spec §2: some pages go back to a given path); one step back when absent. */
  back?: string | undefined;
}

/** The bar at the top of a mobile full page. */
export function PageBar({ title, actions, back }: PageBarProps) {
  const t = useT();
  return (
    <header className="host-page-bar">
      <button
        type="button"
        className="host-icon-btn"
        aria-label={t('common.back')}
        onClick={back ? () => navigate(back) : goBack}
      >
        <ChevronLeftIcon />
      </button>
      <h1 className="host-page-bar__title">{title}</h1>
      <div className="host-page-bar__actions">{actions}</div>
    </header>
  );
}
