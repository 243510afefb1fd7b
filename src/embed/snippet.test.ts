import { describe, expect, it } from 'vitest';
import { quotesMeta } from '../widgets/quotes/quotes.meta';
import { chartMeta } from '../widgets/chart/chart.meta';
import type { WidgetAttribute } from '../widgets/_shared/widget-meta';
import { attributeError, controlOf, defaultOf } from './attributes';
import { buildSnippet, colorError, colorTokens, escapeHtml } from './snippet';

const ORIGIN = 'https://platform.example';
const quotes = (choices: Record<string, string | boolean | undefined> = {}, tokens = {}) =>
  buildSnippet({ origin: ORIGIN, meta: quotesMeta, choices, tokens });
const attribute = (name: string) => quotesMeta.attributes.find((a) => a.name === name)!;

describe('the snippet', () => {
  it('is the module, the element with api only and no style block when nothing is changed', () => {
    expect(quotes().text).toBe(
      '<script type="module" src="https://platform.example/widgets/tk-quotes.js"></script>\n' +
        '<tk-quotes api="https://platform.example"></tk-quotes>\n',
    );
  });

  it('writes the attributes that differ from their defaults, in the metadata order, and omits the defaults', () => {
    const snippet = quotes({
      layout: 'logo',
      category: 'forex',
      'mini-chart': false,
      theme: 'dark',
      lang: 'de',
    });
    expect(snippet.attributes).toEqual([
      ['api', ORIGIN],
      ['category', 'forex'],
      ['lang', 'de'],
      ['theme', 'dark'],
      ['layout', 'logo'],
      ['mini-chart', 'false'],
    ]);
    // The defaults (table layout, mini chart on) and empty texts stay off the element.
    expect(quotes({ layout: 'table', 'mini-chart': true, symbols: '  ' }).attributes).toEqual([
      ['api', ORIGIN],
    ]);
  });

  it('writes a boolean as ="false" or ="true" and one without a literal default only when set', () => {
    expect(quotes({ tabs: false }).text).toContain('<tk-quotes api="https://platform.example" tabs="false">');
    expect(quotes({ tabs: true }).attributes).toContainEqual(['tabs', 'true']);
    expect(quotes({ tabs: undefined }).attributes.map(([name]) => name)).toEqual(['api']);
    const chart = buildSnippet({
      origin: ORIGIN,
      meta: chartMeta,
      choices: { toolbar: false, header: true },
      tokens: {},
    });
    expect(chart.attributes).toEqual([
      ['api', ORIGIN],
      ['toolbar', 'false'],
    ]);
  });

  it('escapes attribute values so they can never end the attribute or open a tag', () => {
    const snippet = quotes({ symbols: `"><script>alert('x')</script>&` });
    expect(snippet.text).toContain(
      'symbols="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;"',
    );
    expect(snippet.text).not.toContain('<script>alert');
    expect(escapeHtml('a&b"c\'d<e>f')).toBe('a&amp;b&quot;c&#39;d&lt;e&gt;f');
  });

  it('leaves out a value with control characters or over the length limit and names the field', () => {
    const snippet = quotes({ symbols: 'BTCUSDT\nEURUSD', selected: 'X'.repeat(501), category: 'forex' });
    expect(snippet.errors).toEqual({ symbols: 'control', selected: 'long' });
    expect(snippet.attributes).toEqual([
      ['api', ORIGIN],
      ['category', 'forex'],
    ]);
  });

  it('puts the changed colour tokens in a style block on the element, the defaults of the theme left out', () => {
    const snippet = quotes(
      {},
      { '--tk-accent': '#ff6600', '--tk-color-up': ' rgb(0 160 80) ', '--tk-text': '#131722' },
    );
    expect(snippet.tokens).toEqual([
      ['--tk-color-up', 'rgb(0 160 80)'],
      ['--tk-accent', '#ff6600'],
    ]);
    expect(snippet.text.split('\n').slice(2)).toEqual([
      '<style>',
      '  tk-quotes {',
      '    --tk-color-up: rgb(0 160 80);',
      '    --tk-accent: #ff6600;',
      '  }',
      '</style>',
      '',
    ]);
    // #131722 is the light text colour, not the dark one.
    expect(quotes({ theme: 'dark' }, { '--tk-text': '#131722' }).tokens).toEqual([['--tk-text', '#131722']]);
  });

  it('leaves out a token that is not a colour and names it', () => {
    const snippet = quotes({}, { '--tk-accent': 'red; } body { display: none', '--tk-surface': 'bluish' });
    expect(snippet.errors).toEqual({ '--tk-accent': 'unsafe', '--tk-surface': 'color' });
    expect(snippet.tokens).toEqual([]);
    expect(snippet.text).not.toContain('<style>');
  });

  it('wraps a long element tag one attribute a line', () => {
    const text = quotes({ symbols: 'BTCUSDT,ETHUSDT,SOLUSDT,XAUUSD,EURUSD,US30,AAPL', layout: 'logo' }).text;
    expect(text.split('\n').slice(1, 6)).toEqual([
      '<tk-quotes',
      '  api="https://platform.example"',
      '  symbols="BTCUSDT,ETHUSDT,SOLUSDT,XAUUSD,EURUSD,US30,AAPL"',
      '  layout="logo"',
      '></tk-quotes>',
    ]);
  });
});

describe('a colour token value', () => {
  it.each([
    '#abc',
    '#ABCD',
    '#a1b2c3',
    '#a1b2c3d4',
    'rgb(10, 20, 30)',
    'rgba(10,20,30,0.5)',
    'rgb(10 20 30 / 50%)',
    'hsl(210deg 50% 40%)',
    'hsla(210, 50%, 40%, .8)',
    'RebeccaPurple',
    'transparent',
  ])('accepts %s', (value) => {
    expect(colorError(value)).toBeNull();
  });

  it.each([
    ['red;', 'unsafe'],
    ['#fff}', 'unsafe'],
    ['{', 'unsafe'],
    ['</style>', 'unsafe'],
    ['"red"', 'unsafe'],
    ["'red'", 'unsafe'],
    ['red\u0007', 'unsafe'],
    ['url(x)', 'color'],
    ['#abcde', 'color'],
    ['#ggg', 'color'],
    ['rgb(1, 2)', 'color'],
    ['rgb(1 2 3 4)', 'color'],
    ['rgb(calc(1) 2 3)', 'color'],
    ['var(--tk-text)', 'color'],
    ['expression(alert(1))', 'color'],
    ['reddish', 'color'],
  ])('refuses %s (%s)', (value, error) => {
    expect(colorError(value)).toBe(error);
  });

  it('is edited for the widget’s colour tokens only, from its metadata', () => {
    const tokens = colorTokens(quotesMeta);
    expect(tokens).toContain('--tk-accent');
    expect(tokens).toContain('--tk-color-up');
    expect(tokens).not.toContain('--tk-radius');
    expect(tokens).not.toContain('--tk-demo');
    expect(tokens.every((name) => quotesMeta.cssProperties.some((p) => p.name === name))).toBe(true);
  });
});

describe('attribute controls', () => {
  it('fit the type: a switch for a boolean with a default, a select for listed values and for lang', () => {
    expect(controlOf(attribute('mini-chart'))).toEqual({ kind: 'switch', default: true });
    expect(controlOf(attribute('tabs'))).toEqual({ kind: 'tristate' });
    expect(controlOf(attribute('layout'))).toMatchObject({
      kind: 'select',
      values: ['table', 'logo'],
      default: 'table',
    });
    expect(controlOf(attribute('theme'))).toMatchObject({ kind: 'select', values: ['light', 'dark'] });
    expect(controlOf(attribute('lang'))).toMatchObject({ kind: 'select', default: undefined });
    expect(controlOf(attribute('lang'))).toMatchObject({ values: expect.arrayContaining(['zh-tw', 'th']) });
    expect(controlOf(attribute('symbols'))).toEqual({ kind: 'text', default: undefined });
  });

  it('read the default from the literal the metadata writes', () => {
    expect(defaultOf(attribute('layout'))).toBe('table');
    expect(defaultOf(attribute('mini-chart'))).toBe(true);
    expect(defaultOf(attribute('tabs'))).toBeUndefined();
    expect(defaultOf({ ...attribute('layout'), default: '0' })).toBe('0');
  });

  it('check numbers and JSON and bound them', () => {
    const number: WidgetAttribute = { name: 'rows', prop: 'rows', type: 'number', description: '' };
    const json: WidgetAttribute = { name: 'data', prop: 'data', type: 'json', description: '' };
    expect(attributeError(number, '12.5')).toBeNull();
    expect(attributeError(number, '12px')).toBe('number');
    expect(attributeError(number, '1e99')).toBe('number');
    expect(attributeError(number, '99999999999')).toBe('number');
    expect(attributeError(json, '{"a":[1,2]}')).toBeNull();
    expect(attributeError(json, '{a:1}')).toBe('json');
  });
});
