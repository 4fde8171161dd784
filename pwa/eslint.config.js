// @ts-check
import js from '@eslint/js'
import boundaries from 'eslint-plugin-boundaries'
import reactHooks from 'eslint-plugin-react-hooks'
import { defineConfig, globalIgnores } from 'eslint/config'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default defineConfig(
  globalIgnores([
    'dist/',
    'e2e/screenshots/',
    'test-results/',
    'coverage/',
    // Generated: from contract/openapi.json (npm run contract) and the .po catalogs (npm run i18n:compile).
    'src/lib/api/*.gen.ts',
    'src/locales/*/messages.ts',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'public/**/*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/sw.ts'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['e2e/**', 'scripts/**', '*.config.{js,ts}', '*.cjs'],
    languageOptions: { globals: globals.node },
  },
  {
    // The functions these hand to page.evaluate() (or a service worker's) run in the browser.
    files: ['e2e/**', 'scripts/readme-screenshots.mjs', 'scripts/make-pwa-images.mjs'],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    rules: {
      // A leading underscore names what is left unused on purpose (a property taken out of a rest).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // The app is not built with the React Compiler: these two only tell what it
      // would fail to memoize (react-hook-form's watch(), hand-written useMemo).
      'react-hooks/incompatible-library': 'off',
      'react-hooks/preserve-manual-memoization': 'off',
      // The app's effects that set state keep it in step with something outside
      // React (react-hook-form's server errors, a blob URL's lifetime, a clock).
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  // Who may import whom in src/ (the layout is in src/app/router.tsx): imports
  // flow shared code (src/lib, src/components) → features → src/app. A feature
  // never imports another; what two share moves to src/lib or src/components,
  // or src/app hands it over. src/testing (test helpers, which render the whole
  // app) is for tests alone, and tests may render src/app's screens.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { './eslint-resolver.cjs': {} },
      'boundaries/elements': [
        { type: 'app', pattern: 'src/app' },
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
        { type: 'shared', pattern: ['src/lib', 'src/components', 'src/locales'] },
        { type: 'testing', pattern: 'src/testing' },
      ],
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', policies: boundaryPolicies({ tests: false }) }],
    },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', policies: boundaryPolicies({ tests: true }) }],
    },
  },
)

/** @param {{ tests: boolean }} options */
function boundaryPolicies({ tests }) {
  return [
    {
      from: { element: { type: 'shared' } },
      disallow: { to: { element: { types: { anyOf: ['feature', 'app'] } } } },
      message: 'src/lib and src/components are shared: they never import a feature or src/app',
    },
    {
      from: { element: { type: 'feature' } },
      disallow: { to: { element: { type: 'feature', captured: { feature: '!{{ from.captured.feature }}' } } } },
      message: 'features never import each other: move what they share to src/lib or src/components',
    },
    ...(tests
      ? []
      : [
          {
            from: { element: { type: 'feature' } },
            disallow: { to: { element: { type: 'app' } } },
            message: 'a feature never imports src/app (src/app imports the features)',
          },
          {
            disallow: { to: { element: { type: 'testing' } } },
            message: 'src/testing is for tests',
          },
        ]),
  ]
}
