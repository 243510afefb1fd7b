import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const jotaiBan = {
  group: ['jotai', 'jotai/*'],
  message:
    'Import jotai only through src/core/state (vanilla) or src/widgets/_shared/store-react.ts (React hooks).',
};

/** Dependency direction of DESIGN.md, as errors. */
const direction = [
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
            { regex: '(^|/)(widgets|host)(/|$)', message: 'core imports nothing of widgets or host.' },
            { regex: '(^|/)server(/|$)', message: 'core never imports the server.' },
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
            {
              regex: '(^|/)(widgets|host|server)(/|$)',
              message: 'core imports nothing of ours outside core.',
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
          patterns: [
            {
              regex: '^\\.\\./(?!_shared(/|$))[^./][^/]*',
              message: 'A widget never imports another widget.',
            },
            { regex: '(^|/)(host|server)(/|$)', message: 'widgets import only core and widgets/_shared.' },
            jotaiBan,
          ],
        },
      ],
    },
  },
  {
    files: ['src/host/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)server(/|$)', message: 'host never imports the server.' }, jotaiBan] },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)src/(?!core/(contract|domain)(/|$))',
              message: 'server imports only src/core/contract and src/core/domain.',
            },
            { group: ['react', 'react-dom', 'jotai', 'jotai/*'], message: 'server is not a browser app.' },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
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
);
