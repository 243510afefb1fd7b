import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layersPlugin } from './scripts/eslint-layers.js';

const jotaiBan = {
  group: ['jotai', 'jotai/*'],
  message:
    'Import jotai only through src/core/state (vanilla) or src/widgets/_shared/store-react.ts (React hooks).',
};

/**
 * Dependency direction of DESIGN.md, as errors: between our folders by the resolved path of each import
 * (scripts/eslint-layers.js, proven by scripts/lint-layers.test.ts), and the packages each layer may use.
 */
const direction = [
  {
    files: ['src/**/*.{ts,tsx,js,jsx}', 'server/**/*.{ts,js}'],
    plugins: { layers: layersPlugin },
    rules: { 'layers/direction': 'error' },
  },
  {
    files: ['src/core/**/*.{ts,tsx}'],
    ignores: ['src/core/state/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react/*', 'react-dom/*', '@r2wc/*'],
              message: 'core never imports React.',
            },
            jotaiBan,
          ],
        },
      ],
    },
  },
  {
    files: ['src/core/state/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react/*', 'jotai/react', 'jotai/react/*'],
              message: 'core never imports React.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/widgets/**/*.{ts,tsx}'],
    ignores: ['src/widgets/_shared/store-react.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [jotaiBan],
        },
      ],
    },
  },
  {
    files: ['src/host/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [jotaiBan] }] },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'jotai', 'jotai/*'], message: 'server is not a browser app.' },
          ],
        },
      ],
    },
  },
];

/**
 * Size limits of STYLE.md (decisions FZ1–FZ3): code lines only (blank and comment lines are free, so a why
 * comment never costs a split). Tests, fixtures and the cross-cutting suites are not bound.
 */
const sizes = [
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs,jsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.e2e.ts', '**/*.fixture.{ts,tsx}', 'tests/**'],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'server/dist/**',
      'node_modules/**',
      'data/**',
      'coverage/**',
      'bench/results/**',
      'test-results/**',
      'custom-elements.json',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  ...direction,
  ...sizes,
);
