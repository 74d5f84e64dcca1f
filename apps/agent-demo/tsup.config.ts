import { defineConfig } from 'tsup'

// The demo is a Node program: one ESM build per entry, dependencies left
// external so the MCP servers start from the same installed packages.
export default defineConfig({
  entry: ['src/cli.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  clean: true,
  sourcemap: true,
  dts: false,
})
