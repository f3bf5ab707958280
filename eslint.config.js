import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Translated sentences with tags render with RichText (src/web/components/rich-text.tsx): Trans brings an
// HTML parser into the first view (docs/decisions/014).
const richText = { name: 'react-i18next', importNames: ['Trans'], message: 'Use RichText from #web/components/rich-text.tsx.' };

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The layers of ARCHITECTURE.md: shared imports neither side, web never imports server.
    files: ['src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['#server/*', '#web/*', '**/server/**', '**/web/**'] }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [richText], patterns: ['#server/*', '**/server/**'] }] },
  },
  {
    // Features do not import features (STYLE.md): the router composes them, shared parts live in src/web/components.
    files: ['src/web/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [richText],
          patterns: [
            { group: ['#server/*', '**/server/**'], message: 'The web side never imports the server.' },
            { group: ['#web/features/*', '../../*'], message: 'Features do not import features: compose them in the router, or share through src/web/components.' },
          ],
        },
      ],
    },
  },
);
