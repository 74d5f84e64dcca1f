import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', '**/coverage/**', 'bench/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-new-func': 'error',
      'no-eval': 'error',
    },
  },
  {
    // The packages run in browsers, Deno and Bun too: no Node built-ins in
    // shipped code (tests and benchmarks may use them).
    files: ['packages/*/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-d.ts', '**/test-support/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'packages must not use Node built-ins' }] },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test-d.ts', '**/*.bench.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly' },
    },
  },
)
