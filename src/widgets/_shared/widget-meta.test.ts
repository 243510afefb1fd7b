import { describe, expect, it } from 'vitest';
import { COMMON_ATTRIBUTES, navigateEvent, symbolSelectEvent, themeAttribute } from './widget-meta';

describe('widget-meta helpers', () => {
  it('lists api, lang and theme in that order with camel-cased props', () => {
    expect(COMMON_ATTRIBUTES.map((a) => [a.name, a.prop, a.type])).toEqual([
      ['api', 'api', 'string'],
      ['lang', 'lang', 'string'],
      ['theme', 'theme', 'string'],
    ]);
  });

  it('offers light and dark themes and keeps a widget-specific description', () => {
    expect(themeAttribute().values).toEqual(['light', 'dark']);
    expect(themeAttribute('Toggled by the toolbar.').description).toBe('Toggled by the toolbar.');
  });

  it('types the navigate and symbol-select details', () => {
    expect(navigateEvent('Go.')).toEqual({
      name: 'tk-navigate',
      description: 'Go.',
      detail: '{ to: string }',
    });
    expect(symbolSelectEvent('Pick.').detail).toBe('{ symbol: string }');
  });
});
