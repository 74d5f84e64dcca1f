import { defineConfig } from 'tsup'

// The demo is a Node program: one ESM build per entry (the CLI and each MCP
// server it spawns over stdio; the servers' tests beside them are not
// entries), dependencies left external.
export default defineConfig({
  entry: ['src/cli.ts', 'src/servers/*.ts', '!src/servers/*.test.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  clean: true,
  sourcemap: true,
  dts: false,
})
