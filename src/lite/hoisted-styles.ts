/**
 * React 19's `<style href precedence>` on Preact (the lite build, EK14). React renders such a style once per
 * `href` into the document's head, whatever tree and however many times it is rendered; WidgetRoot relies on it
 * when a widget renders in a host's React tree, outside a custom element. Preact renders a `<style>` where it
 * stands, so the lite build adds this rule to Preact's vnode hook: a style with both `href` and `precedence` is
 * written into the head once (`data-href`, `data-precedence`, the nonce and the place React gives it: with the
 * styles of its precedence, first in the head when it is the first, so the page's own styles come later and win)
 * and renders nothing in place. Like React's, it stays when the component unmounts.
 */
import { options } from 'preact';
import type { VNode } from 'preact';
// Before the hook below is set: it wraps the React layer's hook, so it sees each vnode first, then hands it on.
import 'preact/compat';
import { useLayoutEffect } from 'preact/hooks';

/** The props React hoists a `<style>` by. */
interface HoistedStyleProps {
  href: string;
  precedence: string;
  nonce?: string;
  children?: unknown;
}

/** Writes the style into the head unless one with its `href` is there already; where React 19 puts it. */
function HoistedStyle({ href, precedence, nonce, children }: HoistedStyleProps): null {
  useLayoutEffect(() => {
    const head = document.head;
    const hoisted = [
      ...head.querySelectorAll<HTMLElement>('link[rel="stylesheet"][data-precedence],style[data-precedence]'),
    ];
    if (hoisted.some((node) => node.localName === 'style' && node.dataset.href === href)) return;
    const style = document.createElement('style');
    style.dataset.href = href;
    style.dataset.precedence = precedence;
    if (nonce) style.setAttribute('nonce', nonce);
    style.textContent = ([] as unknown[]).concat(children).join('');
    // React's order: after the last style of its precedence, else after the last hoisted one, else first.
    const last = hoisted.at(-1);
    let prior = last;
    for (const node of hoisted) {
      if (node.dataset.precedence === precedence) prior = node;
      else if (prior !== last) break;
    }
    if (prior) prior.after(style);
    else head.prepend(style);
  }, [href]);
  return null;
}

const compatHook = options.vnode;
options.vnode = (vnode: VNode<Record<string, unknown>>) => {
  const { props } = vnode;
  if (vnode.type === 'style' && typeof props.href === 'string' && typeof props.precedence === 'string') {
    (vnode as { type: unknown }).type = HoistedStyle;
  }
  compatHook?.(vnode);
};
