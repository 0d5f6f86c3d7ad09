// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/** The web app and the server meet only in packages/domain and over HTTP. */
const NO_SERVER_CODE = {
  group: ['**/apps/server/**', '**/server/src/**', '@pizzeria/server'],
  message: 'The web app never imports server code.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '**/data/**',
      'e2e/test-results/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // No import circles anywhere: a module and what it imports can be read, tested and moved in one
    // direction. Type-only imports count too; a lazy `import()` as well (it still ties the two together).
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // A feature is entered through its index.ts: what else it holds may change without its callers
      // noticing. Tests beside a feature's files may reach inside it, and so may the feature itself.
      'import-x/no-restricted-paths': ['error', { zones: featureZones() }],
    },
  },
  {
    // Scripts the journeys serve to the browser in place of a third party's (PayPal's SDK).
    files: ['e2e/support/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The domain package is pure: zod, libphonenumber-js's small build (phone numbers, decision 015) and
    // itself, nothing else (tests may use their runners).
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod($|/)|libphonenumber-js/min$|\\.{1,2}/)',
              message: 'packages/domain imports only zod and libphonenumber-js/min: no I/O, no React, no Fastify.',
            },
          ],
        },
      ],
    },
  },
  // One direction of imports (README's Architecture): the apps never import each other, and the
  // storefront never imports the admin area.
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/web/**', '**/web/src/**', '@pizzeria/web'],
              message: 'The server never imports web code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/admin/**', 'apps/web/src/app/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_SERVER_CODE,
            {
              group: ['**/features/admin', '**/features/admin/**', '**/admin/**'],
              message: 'Storefront features never import the admin area.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/admin/**/*.{ts,tsx}', 'apps/web/src/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [NO_SERVER_CODE],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/web/test/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
);

/**
 * One zone per feature folder of the server and the web app: files outside a feature import it through
 * its `index.ts`. A web feature has four more doors, each for a reason: its `locales*.ts` (the i18n
 * resources gather every feature's texts, the English ones lazily), its `ui.ts` (parts other features'
 * lazy chunks use, kept out of the index because the index is in the first load), its `*-page.tsx` (the router loads
 * each page as a lazy chunk of its own, which an import through the index would pull into the first
 * load) and its `test-*.ts` fixtures (other features' tests build on them). The back office
 * (`web/src/features/admin`) is entered only through its lazy loader.
 */
function featureZones() {
  const apps = [
    { app: 'apps/server', doors: ['index.{ts,js}'] },
    { app: 'apps/web', doors: ['{index,ui}.{ts,tsx}', '*locales{,.en}.ts', '**/*-page.tsx', 'test-*.{ts,tsx}'] },
  ];
  const root = new URL('.', import.meta.url).pathname;
  return apps.flatMap(({ app, doors }) =>
    readdirSync(new URL(`${app}/src/features`, import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map(({ name }) => {
        const from = `${root}${app}/src/features/${name}`;
        const admin = app === 'apps/web' && name === 'admin';
        return {
          target: [
            `./${app}/src/*.{ts,tsx}`,
            `./${app}/src/!(features)/**/*`,
            `./${app}/src/features/!(${name})/**/*`,
            `./${app}/test/**/*`,
          ],
          from: `${from}/**/*`,
          except: (admin ? ['load-admin-area.{ts,tsx}'] : doors).map((door) => `${from}/${door}`),
          message: `Import the ${name} feature through its index.`,
        };
      }),
  );
}
