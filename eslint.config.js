// Lint, and the architecture's import rules from shared/design.md ("What may import what") written as
// `no-restricted-imports`, one set per folder, after Actual Budget's eslint config.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import i18next from 'eslint-plugin-i18next';

/** The UI files whose text is all translated (renderer/src/i18n); every screen, once issue 16 is done. */
const TRANSLATED_UI = [
  'renderer/src/LanguagePicker.tsx',
  'renderer/src/i18n/**',
  // The till, the customer display and the shell (i18n-a):
  'renderer/src/App.tsx',
  'renderer/src/SignIn.tsx',
  'renderer/src/ChangeMyPin.tsx',
  'renderer/src/ConfirmDialog.tsx',
  'renderer/src/CopyButton.tsx',
  'renderer/src/QrCode.tsx',
  'renderer/src/NetworkHealth.tsx',
  'renderer/src/StatusScreen.tsx',
  'renderer/src/cashier/**',
  'renderer/src/display/**',
  'renderer/src/deposits/**',
  // The back office (i18n-b):
  'renderer/src/settings/**',
  'renderer/src/webhooks/**',
  'renderer/src/transactions/**',
  'renderer/src/refunds/**',
  'renderer/src/balances/**',
];

// Relative specifiers are matched as written, not resolved, so a folder is named after any run of
// `../`: from src/http/routes/x.ts the db is `../../db/…`. That is exact as long as no folder deeper
// down shares a restricted top-level folder's name (src/http/services.ts is a file, so it is fine).
const up = (folders) => `^(\\.\\./)+(${folders})(/|$)`;

// Node's built-in modules, bare (`fs`, `fs/promises`) or prefixed (`node:fs`).
const nodeBuiltins = `^node:|^(${builtinModules.map((name) => name.replace(/[/.]/g, '\\$&')).join('|')})$`;

/** One restriction set: package paths and specifier patterns, with the reason shown on a hit. */
const ban = (message, { packages = [], regex, allowTypeImports = false }) => ({
  paths: packages.map((name) => ({ name, message })),
  patterns: [
    ...(packages.length ? [{ group: packages.map((name) => `${name}/*`), message }] : []),
    ...(regex ? [{ regex, message, ...(allowTypeImports ? { allowTypeImports } : {}) }] : []),
  ],
});

// Later configs replace a rule's options rather than add to them, so each folder lists all its sets.
const restrict = (...sets) => [
  'error',
  { paths: sets.flatMap((s) => s.paths), patterns: sets.flatMap((s) => s.patterns) },
];

const coreStaysPortable = ban('src/ is the platform-independent core: no Electron, no UI code.', {
  packages: ['electron', 'react', 'react-dom', 'zustand'],
  regex: up('main|renderer'),
});
const domainIsPure = ban('src/domain imports nothing of ours outside domain/.', {
  regex: up('services|db|http|chains|storage') + '|^(\\.\\./)+(config|create-core|core-services|cli)\\.js$',
});
const servicesTakePorts = ban('Services get the db and chains as ports; only create-core.ts wires them.', {
  regex: up('db|http|chains|storage') + '|^(\\.\\./)+create-core\\.js$',
});
const dbOnDomainOnly = ban('src/db may import only src/domain.', { regex: up('services|http|chains|storage') });
const routesCallServices = ban('src/http reaches data through services, never the db directly.', {
  regex: up('db|storage'),
});
const chainsOnDomainOnly = ban('Chains import domain and their own SDK only.', { regex: up('services|db|http|storage') });

// Chain families are the folders of src/chains (docs/architecture.md, "Chain families"), besides the
// shared ones: `anvil`, the devnet tooling they share; `transfer-logs`, the Transfer-log watcher of
// families whose nodes speak Ethereum's JSON-RPC (EVM, and TRON's /jsonrpc); and `keccak-accounts`,
// watch-only deposit addresses of families whose accounts are keccak-256 of a secp256k1 key (EVM and
// TRON, which only spell them differently). The rules below hold for
// any other folder there, so a new family is covered without an edit here.
const SHARED_CHAIN_FOLDER = 'anvil';
const SHARED_LIBRARY_FOLDERS = ['transfer-logs', 'keccak-accounts', 'rpc-pool'];
const SHARED_FOLDERS = `(${[SHARED_CHAIN_FOLDER, ...SHARED_LIBRARY_FOLDERS].join('|')})`;
/** How deep below its folder a family's files may sit (src/chains/<family>/a/b/file.ts is 2). */
const CHAIN_DEPTHS = [0, 1, 2];
/**
 * From a file `depth` folders below src/chains/<folder>/, src/chains is `../` depth + 1 times: from
 * there a family reaches only the shared anvil folder and the contract (family.ts), never another
 * family's folder (written yet or not) nor the registry, which imports the families.
 */
const chainStaysApart = (depth) =>
  ban('A chain family never imports another family, nor the registry: only ../family.ts, the shared transfer-log watcher, and the shared anvil tooling from devnet code.', {
    regex: `^(\\.\\./){${depth + 1}}(?!${SHARED_FOLDERS}/)[^./][^/]*/|^(\\.\\./){${depth + 1}}(?!family\\.js$)[^/]+\\.js$`,
  });
const onlyChainEntries = ban(
  'Outside src/chains, code knows chains through src/chains/registry.ts and src/chains/family.ts only, never a family\'s own files.',
  { regex: '^(\\.\\.?/)+chains/(?!(registry|family)\\.js$)' },
);
const noDevnetTooling = ban(
  'Production chain code (watchers, payouts, addresses) never imports devnet tooling: only the family\'s index.ts opens its devnet/index.ts.',
  { regex: '(^|/)devnet(/|$)|^(\\.\\./)+anvil(/|$)' },
);
const devnetThroughItsEntry = ban('A family\'s index.ts reaches its devnet tooling through devnet/index.ts only.', {
  regex: '(^|/)devnet/(?!index\\.js$)|^(\\.\\./)+anvil(/|$)',
});
const registryNamesFamilies = ban('The registry imports each family through its index.ts only.', { regex: '^\\./[^/]+/(?!index\\.js$)' });

const shellUsesCoreEntry = ban('main/ starts the core through src/create-core and src/config only.', {
  regex: '^(\\.\\./)+src/(?!(create-core|config)(\\.js)?$)|' + up('renderer'),
});
const uiIsBrowserCode = ban('renderer/ is browser code: its own modules, plus type-only imports.', {
  packages: ['electron'],
  regex: nodeBuiltins,
});
const uiTypeOnly = ban('renderer/ may import from src/ and main/ with `import type` only.', {
  regex: up('src|main'),
  allowTypeImports: true,
});

export default defineConfig(
  {
    ignores: ['out/', 'node_modules/', 'dist/', 'coverage/', 'test-artifacts/', 'src/db/migrations/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: globals.node },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
        },
      ],
    },
  },
  // The store ports are asynchronous (docs/architecture.md, "Storage"): a store call or unit of work
  // left un-awaited would run out of its transaction or lose its error, so it is a lint error, as is
  // a promise where a plain value or callback is expected (an `if (store.find(…))` always true).
  // Tests and bench too: an un-awaited call there makes a test pass that should fail.
  {
    files: ['src/**/*.ts', 'main/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    // Type-checked on its own by test/integration/typed-client.test.ts, in no tsconfig of the project.
    ignores: ['test/fixtures/typed-client/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  // Tests read JSON response bodies loosely on purpose; typing every body would add noise, not safety.
  { files: ['test/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  { files: ['src/**'], rules: { 'no-restricted-imports': restrict(coreStaysPortable, onlyChainEntries) } },
  { files: ['src/domain/**'], rules: { 'no-restricted-imports': restrict(coreStaysPortable, domainIsPure) } },
  {
    files: ['src/services/**'],
    rules: { 'no-restricted-imports': restrict(coreStaysPortable, servicesTakePorts) },
  },
  { files: ['src/db/**'], rules: { 'no-restricted-imports': restrict(coreStaysPortable, dbOnDomainOnly) } },
  { files: ['src/http/**'], rules: { 'no-restricted-imports': restrict(coreStaysPortable, routesCallServices, onlyChainEntries) } },
  { files: ['src/chains/**'], rules: { 'no-restricted-imports': restrict(coreStaysPortable, chainsOnDomainOnly) } },
  { files: ['src/chains/registry.ts'], rules: { 'no-restricted-imports': restrict(coreStaysPortable, chainsOnDomainOnly, registryNamesFamilies) } },
  // Per depth: families apart; production files never touch devnet tooling; a family's index.ts opens
  // its devnet only through devnet/index.ts; devnet/ may use its own family and the anvil tooling,
  // which itself imports no family.
  ...CHAIN_DEPTHS.flatMap((depth) => {
    const rules = (...extra) => ({ 'no-restricted-imports': restrict(coreStaysPortable, chainsOnDomainOnly, chainStaysApart(depth), ...extra) });
    const below = '*/'.repeat(depth);
    return [
      { files: [`src/chains/*/${below}*.ts`], ignores: [`src/chains/${SHARED_CHAIN_FOLDER}/**`, 'src/chains/*/index.ts', 'src/chains/*/devnet/**'], rules: rules(noDevnetTooling) },
      ...(depth === 0
        ? [{ files: ['src/chains/*/index.ts'], ignores: [`src/chains/${SHARED_CHAIN_FOLDER}/**`, ...SHARED_LIBRARY_FOLDERS.map((f) => `src/chains/${f}/**`)], rules: rules(devnetThroughItsEntry) }]
        : [{ files: [`src/chains/*/devnet/${'*/'.repeat(depth - 1)}*.ts`], rules: rules() }]),
      { files: [`src/chains/${SHARED_CHAIN_FOLDER}/${below}*.ts`], rules: rules() },
    ];
  }),
  { files: ['main/**'], rules: { 'no-restricted-imports': restrict(shellUsesCoreEntry) } },
  // Every text a person reads goes through i18next (docs/ui.md, "Languages"): no words in JSX, nor in the
  // attributes people read (title, placeholder, aria-label, alt, label). Strings built in code for the
  // screen (errors, confirmations) are reviewed by hand; the catalog test checks the Spanish is complete.
  {
    files: TRANSLATED_UI,
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        { mode: 'jsx-only', 'jsx-attributes': { include: ['^(title|placeholder|aria-label|alt|label|aria-description)$'] }, words: { exclude: ['^[\\s\\d\\W]*$'] } },
      ],
    },
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: globals.browser },
    rules: { 'no-restricted-imports': restrict(uiIsBrowserCode, uiTypeOnly) },
  },
);
