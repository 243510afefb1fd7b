import { describe, expect, it } from 'vitest';
import { CALLBACK_PROPS } from '../_shared/events';
import { CHART_CALLBACK_PROPS } from './chart-events';
import { chartMeta } from './chart.meta';

const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

describe('chartMeta', () => {
  it.each(chartMeta.attributes.map((a) => [a.name, a] as const))(
    'maps attribute %s to its camel-cased prop',
    (_, a) => {
      expect(a.prop).toBe(camel(a.name));
    },
  );

  it('declares only events that have a typed event class', () => {
    const typed = { ...CALLBACK_PROPS, ...CHART_CALLBACK_PROPS };
    expect(chartMeta.events.map((e) => e.name).filter((name) => !(name in typed))).toEqual([]);
  });

  it('documents the test hooks and parts hosts rely on', () => {
    expect(chartMeta.parts.map((p) => p.name)).toEqual(
      expect.arrayContaining(['header', 'canvas', 'buy', 'sell', 'closed-banner', 'indicator-dialog']),
    );
  });

  it('names the tag after its folder', () => {
    expect(chartMeta.tag).toBe('tk-chart');
  });
});
