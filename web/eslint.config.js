import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'src/lib/api-schema.d.ts'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Only core.ts may import the wasm package; everything else goes through it.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'posy-wasm', message: 'Import the core through @/lib/core.' }] },
      ],
    },
  },
  {
    files: ['src/lib/core.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Features stand alone: shared things move down to components/ or lib/.
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'posy-wasm', message: 'Import the core through @/lib/core.' }],
          patterns: [{ group: ['@/features/*', '@/app/*'], message: 'Features do not import other features or the app.' }],
        },
      ],
    },
  },
  {
    files: ['e2e/**/*.mjs', 'scripts/**/*.mjs', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
);
