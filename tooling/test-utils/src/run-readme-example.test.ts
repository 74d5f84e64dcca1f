import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runReadmeExample } from './run-readme-example.js'

const root = mkdtempSync(join(tmpdir(), 'readme-example-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('runReadmeExample', () => {
  it('runs only the first block that shows results, pairing each with what it printed', () => {
    const path = join(root, 'README.md')
    const fence = '```'
    writeFileSync(
      path,
      [
        `${fence}js`,
        'const unused = 1',
        fence,
        `${fence}ts`,
        'console.log(1 + 1) // => 2',
        'console.log(\'x\') // => "y"',
        fence,
        `${fence}js`,
        'console.log(3) // => 3',
        fence,
      ].join('\n'),
    )
    expect(runReadmeExample(path)).toEqual([
      { line: 'console.log(1 + 1) // => 2', expected: 2, actual: 2 },
      { line: 'console.log(\'x\') // => "y"', expected: 'y', actual: 'x' },
    ])
  })
})
