import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { deepFreeze } from './deep-freeze.js'
import { runReadmeExamples } from './run-readme-examples.js'

// A package of its own in a temporary directory: the README imports it by
// name, and only its built `dist/` answers (there is no source beside it).
// `count()` keeps module state, so a block that shared a module with another
// would see it.
const root = mkdtempSync(join(tmpdir(), 'readme-runner-'))
mkdirSync(join(root, 'dist'))
writeFileSync(
  join(root, 'package.json'),
  JSON.stringify({ name: 'readme-fixture', type: 'module', exports: { '.': './dist/index.js' } }),
)
writeFileSync(
  join(root, 'dist', 'index.js'),
  "let calls = 0\nexport function count() { return ++calls }\nexport const built = 'dist'\n",
)
afterAll(() => rmSync(root, { recursive: true, force: true }))

function readme(name: string, markdown: string): string {
  const path = join(root, name)
  writeFileSync(path, markdown)
  return path
}

const fence = '```'
const good = readme(
  'README.md',
  [
    '# readme-fixture', // 1
    '', // 2
    `${fence}sh`, // 3
    'exit 1', // 4
    fence, // 5
    '', // 6
    `${fence}ts`, // 7
    "import { built, count } from 'readme-fixture'", // 8
    'const total = 2', // 9
    'console.log(built) // => "dist"', // 10
    'console.log(count()) // => 1', // 11
    "console.log('output the README does not check')", // 12
    'console.log({ total, list: [count()] }) // => {"total":2,"list":[2]}', // 13
    fence, // 14
    '', // 15
    'Prose between the examples.', // 16
    '', // 17
    `${fence}js`, // 18
    "import { count } from 'readme-fixture'", // 19
    'const total = 3', // 20
    'console.log(count()) // => 1', // 21
    'console.log([total, undefined]) // => [3, null]', // 22
    'if (total === 0) {', // 23
    '  console.log(total) // => 0', // 24
    '}', // 25
    fence, // 26
    '',
  ].join('\n'),
)

describe('runReadmeExamples', () => {
  const examples = runReadmeExamples(good)

  it('runs every js/ts block and no other, naming each by its fence line', () => {
    expect(examples.map(({ example, line, heading }) => [example, line, heading])).toEqual([
      [1, 7, "import { built, count } from 'readme-fixture'"],
      [2, 18, "import { count } from 'readme-fixture'"],
    ])
  })

  // `count()` prints 1 in both blocks and both declare `total`: each block is
  // a fresh module, and the import reached the built `dist/`.
  it.each(
    deepFreeze([
      [10, 'console.log(built) // => "dist"', 'dist', 'dist'],
      [11, 'console.log(count()) // => 1', 1, 1],
      [
        13,
        'console.log({ total, list: [count()] }) // => {"total":2,"list":[2]}',
        { total: 2, list: [2] },
        { total: 2, list: [2] },
      ],
      [21, 'console.log(count()) // => 1', 1, 1],
      [22, 'console.log([total, undefined]) // => [3, null]', [3, null], [3, null]],
      [24, 'console.log(total) // => 0', 0, undefined],
    ] as const),
  )('reports README line %i (%s) with what it printed', (line, source, expected, actual) => {
    const check = examples.flatMap((example) => example.checks).find((candidate) => candidate.line === line)
    expect(check).toEqual({
      line,
      source,
      expected,
      actual,
      where: `${good}:${line} (example ${line < 15 ? 1 : 2}): ${source}`,
    })
  })

  it('returns every shown result and nothing else', () => {
    expect(examples.flatMap((example) => example.checks.map((check) => check.line))).toEqual([10, 11, 13, 21, 22, 24])
  })

  it('makes a wrong shown result fail with a message naming the block and line', () => {
    const wrong = readme(
      'wrong.md',
      `${fence}ts\nimport { count } from 'readme-fixture'\nconsole.log(count()) // => 2\n${fence}\n`,
    )
    const [check] = runReadmeExamples(wrong)[0]!.checks
    expect(check!.where).toBe(`${wrong}:3 (example 1): console.log(count()) // => 2`)
    expect(() => expect(check!.actual, check!.where).toEqual(check!.expected)).toThrow(
      `${wrong}:3 (example 1): console.log(count()) // => 2: expected 1 to deeply equal 2`,
    )
  })

  it.each(
    deepFreeze([
      ['a block that shows no result', 'console.log(1)', /silent\.md:1 \(example 1\) shows no result/],
      [
        'a result not shown as console.log',
        'const one = 1 // => 1',
        /silent\.md:2 \(example 1\): a shown result must read/,
      ],
      [
        'a shown result that is not JSON',
        'console.log(1) // => one',
        /silent\.md:2 \(example 1\): the shown result is not JSON, received "one"/,
      ],
      [
        'a block that throws',
        "throw new Error('broken example')\nconsole.log(1) // => 1",
        /silent\.md:1 \(example 1\) failed to run \(module line N is README line 1 \+ N\):[\s\S]*broken example/,
      ],
      [
        'a line that prints more than once',
        'for (const one of [1, 1]) {\n  console.log(one) // => 1\n}',
        /silent\.md:3 \(example 1\): printed 2 times/,
      ],
    ] as const),
  )('fails on %s, naming the README line', (_case, code, message) => {
    const path = readme('silent.md', `${fence}js\n${code}\n${fence}\n`)
    expect(() => runReadmeExamples(path)).toThrow(message)
  })

  it('fails a block that outlives the timeout', () => {
    const path = readme('hangs.md', `${fence}js\nconsole.log(1) // => 1\nwhile (true) {}\n${fence}\n`)
    expect(() => runReadmeExamples(path, { timeout: 300 })).toThrow(
      /hangs\.md:1 \(example 1\) did not finish within 300 ms/,
    )
  })

  it.each(deepFreeze([[0], [-1], [Number.NaN], ['1000']] as const))(
    'rejects timeout %s with a TypeError',
    (timeout) => {
      expect(() => runReadmeExamples(good, { timeout: timeout as number })).toThrow(
        /runReadmeExamples: expected options\.timeout to be a positive number of milliseconds, received /,
      )
      expect(() => runReadmeExamples(good, { timeout: timeout as number })).toThrow(TypeError)
    },
  )

  it('leaves no module file behind', () => {
    expect(readdirSync(root).filter((name) => name.endsWith('.mjs'))).toEqual([])
  })
})
