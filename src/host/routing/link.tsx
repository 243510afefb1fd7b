/** In-app anchor: a real href (new tab, copy link work) with client-side navigation on a plain click. */
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigate } from './history';

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to: string;
  replace?: boolean;
}

/** Anchor to an in-app path. */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;
    if (event.defaultPrevented || modified || (target && target !== '_self')) return;
    event.preventDefault();
    navigate(to, { replace });
  };
  return <a href={to} target={target} onClick={handleClick} {...rest} />;
}
