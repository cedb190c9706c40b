import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Each wasm module only through its own door in lib/: the shopper's through core.ts, the back
// office's through core-admin.ts (only from the back office's pages), the checkout's voucher and
// offer code rules through core-checkout.ts.
const wasmDoors = [
  ['posy-wasm', 'the core', '@/lib/core'],
  ['posy-wasm-admin', 'the back office\'s rules', '@/lib/core-admin'],
  ['posy-wasm-checkout', 'the checkout\'s code rules', '@/lib/core-checkout'],
].map(([name, what, door]) => ({ name, message: `Import ${what} through ${door}.` }));
// Pages show money one way: money(), which never breaks a page on a figure it cannot read.
const oneMoney = { name: '@/lib/core', importNames: ['formatMoney'], message: 'Show money with money() from @/lib/core.' };

/** no-restricted-imports with the wasm doors and these patterns (a later block replaces an earlier one's list). */
const restrictImports = (...patterns) => ['error', { paths: [...wasmDoors, oneMoney], patterns }];

// Bulletproof-react's direction: app → features → components, hooks, lib, config. A feature
// never reaches into another (shared things move down to components/ or lib/), and shared code
// never reaches up into a feature or the app.
const notUp = {
  regex: '^@/(features|app)(/|$)|^(\\.\\./)+(features|app)(/|$)',
  message: 'Shared code (components, hooks, lib, config) does not import features or the app: pass what it needs in.',
};
const notOtherFeatures = {
  regex: '^@/(features|app)(/|$)',
  message: 'Features do not import other features or the app: move what they share to components/ or lib/.',
};
/** A relative import that climbs `levels` folders from a file `levels` deep in its feature leaves the feature. */
const notOutOfFeature = (levels) => ({
  regex: `^(\\.\\./){${levels}}`,
  message: 'Features do not import other features: go through @/components or @/lib, or move the shared thing there.',
});

// The core is the one home of the shop's rules: limits, enquiry types and checkout fields come
// from it (through @/lib/core), never from a copy here.
const CORE_WORDS =
  'wedding|event|bouquet|general|email|firstName|lastName|address|city|postcode|phone|first_name|last_name';
const rulesFromCore = [
  'error',
  {
    selector: "JSXAttribute[name.name='maxLength'] Literal",
    message: 'A length limit comes from the core (albumLimits(), checkoutFields() in @/lib/core), not a number here.',
  },
  {
    selector: `ArrayExpression:has(> Literal[value=/^(${CORE_WORDS})$/]):not(:has(> :not(Literal)))`,
    message: 'Enquiry types and checkout fields come from the core (enquiryTypes(), checkoutFields() in @/lib/core).',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'src/lib/api-schema.d.ts'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrictImports(),
      'no-restricted-syntax': rulesFromCore,
    },
  },
  {
    // core.ts is the door to the core; a test may spell out what it expects the core to say.
    files: ['src/lib/core.ts', 'src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/hooks/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}', 'src/config/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrictImports(notUp) },
  },
  { files: ['src/features/*/*.{ts,tsx}'], rules: { 'no-restricted-imports': restrictImports(notOtherFeatures, notOutOfFeature(1)) } },
  { files: ['src/features/*/*/*.{ts,tsx}'], rules: { 'no-restricted-imports': restrictImports(notOtherFeatures, notOutOfFeature(2)) } },
  { files: ['src/features/*/*/*/*.{ts,tsx}'], rules: { 'no-restricted-imports': restrictImports(notOtherFeatures, notOutOfFeature(3)) } },
  {
    // The doors themselves, and the test that holds the renderer's stand-ins to the modules.
    files: ['src/lib/core.ts', 'src/lib/core-admin.ts', 'src/lib/core-checkout.ts', 'src/ssr/core-host.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['e2e/**/*.mjs', 'scripts/**/*.mjs', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
);
