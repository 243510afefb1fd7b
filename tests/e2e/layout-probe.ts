// The layout rules of issue #11, measured in the page from the DOM. `measureLayout` runs inside the browser
// through page.evaluate, so it is self-contained: no imports, no helpers outside its body.

/** What to check on the page shown now. */
export interface LayoutRules {
  /** The desktop shell: one-row top bar, no page-level scroll. */
  desktop: boolean;
  /** The least visible height of the chart canvas, or null where the page has no chart. */
  chartMinHeight: number | null;
  /**
   * Selector of the order form's submit button, or null where the page has no order form. On the desktop it
   * must be in view as the form shows (issue #26 item 9); a phone's page may scroll to it.
   */
  submit: string | null;
  /**
   * Selector of records or saved entries in which no text runs into another text or a button (issue #26
   * item 9: an address under its Copy button, an amount over a reason or a transfer id), or null.
   */
  apart?: string | null;
}

/** One broken rule, with what was measured. */
export interface Violation {
  rule: string;
  detail: string;
}

/** Every rule the page breaks now; an empty list when the layout holds. */
export function measureLayout(rules: LayoutRules): Violation[] {
  const out: Violation[] = [];
  const viewWidth = document.documentElement.clientWidth;
  const viewHeight = document.documentElement.clientHeight;
  const px = (n: number) => Math.round(n * 10) / 10;

  const parentOf = (el: Element): Element | null => {
    if (el.parentElement) return el.parentElement;
    const root = el.getRootNode();
    return root instanceof ShadowRoot ? root.host : null;
  };
  const describe = (el: Element): string => {
    const id = el.getAttribute('data-testid');
    const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/)[0] : '';
    return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''}${cls ? `.${cls}` : ''}`;
  };
  const clips = (el: Element, axis: 'x' | 'y'): boolean => {
    const style = getComputedStyle(el);
    return (axis === 'x' ? style.overflowX : style.overflowY) !== 'visible';
  };
  /** The part of an element's box not clipped by its scrolling/clipping ancestors or the viewport. */
  const visibleBox = (el: Element) => {
    const r = el.getBoundingClientRect();
    let left = Math.max(r.left, 0);
    let right = Math.min(r.right, viewWidth);
    let top = Math.max(r.top, 0);
    let bottom = Math.min(r.bottom, viewHeight);
    for (let a = parentOf(el); a; a = parentOf(a)) {
      const ar = a.getBoundingClientRect();
      if (clips(a, 'x')) {
        left = Math.max(left, ar.left);
        right = Math.min(right, ar.right);
      }
      if (clips(a, 'y')) {
        top = Math.max(top, ar.top);
        bottom = Math.min(bottom, ar.bottom);
      }
    }
    return { left, right, top, bottom, width: right - left, height: bottom - top };
  };
  const shown = (el: Element) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };
  const allElements = (root: ParentNode): Element[] => {
    const found: Element[] = [];
    for (const el of root.querySelectorAll('*')) {
      found.push(el);
      if (el.shadowRoot) found.push(...allElements(el.shadowRoot));
    }
    return found;
  };

  // No sideways scroll, and no element of the shell past the viewport's right edge unless a clipping
  // ancestor inside the viewport hides it (a scrolling tab strip).
  const scroller = document.scrollingElement ?? document.documentElement;
  if (scroller.scrollWidth > scroller.clientWidth) {
    out.push({ rule: 'page scrolls sideways', detail: `${scroller.scrollWidth} > ${scroller.clientWidth}` });
  }
  const shell = document.querySelector('[data-testid="desktop-shell"], [data-testid="mobile-shell"]');
  if (!shell) out.push({ rule: 'shell', detail: 'no shell on the page' });
  const past: Element[] = [];
  for (const el of shell ? allElements(shell) : []) {
    if (!shown(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.right <= viewWidth + 1 || getComputedStyle(el).position === 'fixed') continue;
    let clipped = false;
    for (let a = parentOf(el); a && !clipped; a = parentOf(a)) {
      clipped = clips(a, 'x') && a.getBoundingClientRect().right <= viewWidth + 1;
    }
    // Report the outermost overflowing element only.
    if (!clipped && !past.some((p) => p.contains(el))) past.push(el);
  }
  for (const el of past.slice(0, 5)) {
    const right = px(el.getBoundingClientRect().right);
    out.push({ rule: 'past the right edge', detail: `${describe(el)} ends at ${right} > ${viewWidth}` });
  }

  // No cut tab: every tab of a tab list lies whole inside the list's box.
  for (const list of shell ? allElements(shell).filter((el) => el.getAttribute('role') === 'tablist') : []) {
    if (!shown(list)) continue;
    const box = list.getBoundingClientRect();
    for (const tab of list.querySelectorAll('[role="tab"]')) {
      const r = tab.getBoundingClientRect();
      if (shown(tab) && (r.left < box.left - 1 || r.right > box.right + 1)) {
        out.push({
          rule: 'tab cut',
          detail: `"${tab.textContent?.trim()}" at ${px(r.left)}–${px(r.right)} in ${px(box.left)}–${px(box.right)}`,
        });
      }
    }
  }

  if (rules.desktop) {
    // One-row top bar: every item of the bar (groups opened) shares one horizontal line, lies inside the
    // bar and shows its whole content.
    const bar = document.querySelector('.host-topbar');
    if (!bar) out.push({ rule: 'top bar', detail: 'no .host-topbar' });
    else {
      const groups = ['host-topbar__nav', 'host-topbar__tools', 'host-chart-tools'];
      const items: Element[] = [];
      const collect = (parent: Element) => {
        for (const child of parent.children) {
          if (!shown(child)) continue;
          if (groups.some((g) => child.classList.contains(g))) collect(child);
          else items.push(child);
        }
      };
      collect(bar);
      const rects = items.map((el) => el.getBoundingClientRect());
      const lowestTop = Math.max(...rects.map((r) => r.top));
      const highestBottom = Math.min(...rects.map((r) => r.bottom));
      if (rects.length > 0 && lowestTop >= highestBottom) {
        const barHeight = px(bar.getBoundingClientRect().height);
        out.push({ rule: 'top bar wraps', detail: `items on more than one row, bar ${barHeight} px tall` });
      }
      const barBox = bar.getBoundingClientRect();
      items.forEach((el, i) => {
        const r = rects[i]!;
        if (r.left < barBox.left - 1 || r.right > barBox.right + 1) {
          out.push({
            rule: 'top bar item outside',
            detail: `${describe(el)} at ${px(r.left)}–${px(r.right)}`,
          });
        }
        for (const inner of [el, ...el.querySelectorAll('*')]) {
          if (inner.scrollWidth > inner.clientWidth + 1 && clips(inner, 'x')) {
            out.push({
              rule: 'top bar item cut',
              detail: `${describe(inner)} needs ${inner.scrollWidth} px, has ${inner.clientWidth}`,
            });
            break;
          }
        }
      });
    }
    // The desktop shell fits the window: nothing scrolls at page level.
    const main = document.querySelector('.host-desktop__main');
    if (scroller.scrollHeight > scroller.clientHeight) {
      out.push({ rule: 'page scrolls', detail: `${scroller.scrollHeight} > ${scroller.clientHeight}` });
    }
    if (main && main.scrollHeight > main.clientHeight + 1 && main.querySelector('.host-trading')) {
      out.push({
        rule: 'trading layout taller than the window',
        detail: `${main.scrollHeight} > ${main.clientHeight}`,
      });
    }
  }

  if (rules.chartMinHeight !== null) {
    const canvas = document.querySelector('[data-testid="chart-canvas"]');
    if (!canvas) out.push({ rule: 'chart', detail: 'no chart canvas' });
    else {
      const box = visibleBox(canvas);
      if (box.height < rules.chartMinHeight || box.width < rules.chartMinHeight) {
        out.push({
          rule: 'chart too small',
          detail: `${px(box.width)}×${px(box.height)} visible, needs ${rules.chartMinHeight} px`,
        });
      }
    }
  }

  if (rules.submit !== null) {
    const submit = document.querySelector(rules.submit);
    if (!submit) out.push({ rule: 'order submit', detail: 'no submit button' });
    else {
      // Reachable: whole, on screen and not covered; on a phone after its page scrolls to it.
      if (!rules.desktop) submit.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const r = submit.getBoundingClientRect();
      const box = visibleBox(submit);
      if (box.width < r.width - 1 || box.height < r.height - 1) {
        out.push({
          rule: 'order submit off screen',
          detail: `${px(r.left)},${px(r.top)} ${px(r.width)}×${px(r.height)}; visible ${px(box.width)}×${px(box.height)}`,
        });
      } else {
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        let hit: Element | null = document.elementFromPoint(x, y);
        while (hit?.shadowRoot) {
          const inner = hit.shadowRoot.elementFromPoint(x, y);
          if (!inner || inner === hit) break;
          hit = inner;
        }
        if (!hit || !(hit === submit || submit.contains(hit))) {
          out.push({ rule: 'order submit covered', detail: `by ${hit ? describe(hit) : 'nothing'}` });
        }
      }
    }
  }
  if (rules.apart) out.push(...runInto(shell ? allElements(shell) : [], rules.apart));
  return out;

  /** Texts of an entry that run into another text or a button of it, or out of the entry's box. */
  function runInto(candidates: Element[], selector: string): Violation[] {
    const found: Violation[] = [];
    const entries = candidates.filter((el) => el.matches(selector) && shown(el));
    if (entries.length === 0) found.push({ rule: 'entries', detail: `nothing shown matches ${selector}` });
    for (const entry of entries) {
      const boxes: { owner: Element; r: DOMRect; text: string }[] = [];
      const walker = document.createTreeWalker(entry, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const owner = node.parentElement;
        const text = node.textContent?.trim() ?? '';
        if (!owner || !text || !shown(owner)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (r.width > 0) boxes.push({ owner, r, text });
      }
      for (const control of entry.querySelectorAll('button, a[href], input, select')) {
        if (shown(control)) boxes.push({ owner: control, r: control.getBoundingClientRect(), text: '' });
      }
      const problems: string[] = [];
      /** The element up to the entry whose box a text line leaves (a clipping element ends the search). */
      const leftBy = (owner: Element, r: DOMRect): Element | null => {
        for (let a: Element | null = owner; a; a = a === entry ? null : parentOf(a)) {
          const ar = a.getBoundingClientRect();
          if (r.left < ar.left - 1 || r.right > ar.right + 1) return a;
          if (clips(a, 'x')) return null;
        }
        return null;
      };
      for (const [i, a] of boxes.entries()) {
        const out = a.text ? leftBy(a.owner, a.r) : null;
        if (out) problems.push(`"${a.text}" runs out of ${describe(out)}`);
        for (const b of boxes.slice(i + 1)) {
          if (a.owner.contains(b.owner) || b.owner.contains(a.owner)) continue;
          const across = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
          // Line boxes of stacked lines may touch by a pixel or two; a text over another covers more.
          const down = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
          if (across > 1 && down > 4) {
            const name = (x: typeof a) => (x.text ? `"${x.text}"` : describe(x.owner));
            problems.push(`${name(a)} runs into ${name(b)}`);
          }
        }
      }
      if (problems.length > 0) {
        found.push({ rule: 'runs into', detail: `${describe(entry)}: ${problems.slice(0, 3).join('; ')}` });
      }
    }
    return found.slice(0, 5);
  }
}
