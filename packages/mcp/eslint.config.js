import root from '../../eslint.config.js'

// The proxy is a Node program (it spawns the server and owns its stdio):
// Node built-ins are allowed there and in the bin, nowhere else in src/.
export default [
  ...root,
  {
    files: ['src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-d.ts', 'src/test-support/**', 'src/proxy.ts', 'src/bin/**', 'src/proxy/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'only the proxy may use Node built-ins' }] },
      ],
    },
  },
]
