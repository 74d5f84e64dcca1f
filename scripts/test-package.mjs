#!/usr/bin/env node
// `pnpm test` inside a package folder: runs that package's vitest projects
// (its own, and the generated-code rerun where the package has one) through
// the root config, so a package is tested exactly as `pnpm test` tests it.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const name = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')).name.replace(/^@x\//, '')
const args = [
  'exec',
  'vitest',
  'run',
  '--project',
  name,
  '--project',
  `${name} (generated code)`,
  ...process.argv.slice(2),
]
process.exit(spawnSync('pnpm', args, { cwd: root, stdio: 'inherit' }).status ?? 1)
