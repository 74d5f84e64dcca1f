// Every TypeScript example of the README runs here, as its own ES module
// beside the package (so `import ... from '@x/<name>'` resolves to the built
// `dist/` through the package's `exports`, as it does for a user), and every
// `console.log(x) // => json` line it shows is asserted. An example that
// shows no result fails: a result nobody checks is a result that can drift.
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { runReadmeExample } from '@x/test-utils'
import { describe, expect, it } from 'vitest'

const readme = fileURLToPath(new URL('../README.md', import.meta.url))
const FENCE = /```(?:js|javascript|ts|typescript)\n[\s\S]*?```/g
const blocks = [...readFileSync(readme, 'utf8').matchAll(FENCE)].map((match) => match[0])

// runReadmeExample runs the first block of a markdown file that shows
// results, so each block gets a markdown file of its own beside the README.
function runBlock(block: string, index: number) {
  const file = readme.replace(/README\.md$/, `.readme-example-${process.pid}-${index}.md`)
  writeFileSync(file, block)
  try {
    return runReadmeExample(file)
  } finally {
    rmSync(file, { force: true })
  }
}

const examples = blocks.map((block, index) => ({
  example: index + 1,
  heading: block.split('\n')[1] ?? '',
  checks: runBlock(block, index),
}))

describe('README', () => {
  it('has TypeScript examples to run', () => {
    expect(examples.length).toBeGreaterThanOrEqual(2)
  })

  describe.each(examples)('example $example ($heading)', ({ checks }) => {
    it.each(checks)('prints what it says: $line', ({ expected, actual }) => {
      expect(actual).toEqual(expected)
    })
  })
})
