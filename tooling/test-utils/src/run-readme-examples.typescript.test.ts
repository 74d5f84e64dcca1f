import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { deepFreeze } from './deep-freeze.js'
import { runReadmeExamples } from './run-readme-examples.js'

// A built package with declarations, as a published one ships: the README
// imports it by name and the type check sees only `dist/index.d.ts`.
const root = mkdtempSync(join(tmpdir(), 'readme-runner-ts-'))
mkdirSync(join(root, 'dist'))
writeFileSync(
  join(root, 'package.json'),
  JSON.stringify({ name: 'readme-ts-fixture', type: 'module', exports: { '.': './dist/index.js' } }),
)
writeFileSync(join(root, 'dist', 'index.js'), 'export function twice(value) { return [value, value] }\n')
writeFileSync(join(root, 'dist', 'index.d.ts'), 'export declare function twice<T>(value: T): [T, T]\n')
afterAll(() => rmSync(root, { recursive: true, force: true }))

const fence = '```'
function readme(name: string, lines: readonly string[]): string {
  const path = join(root, name)
  writeFileSync(path, [...lines, ''].join('\n'))
  return path
}

const typed = readme('README.md', [
  '# readme-ts-fixture', // 1
  '', // 2
  `${fence}ts`, // 3
  "import { twice } from 'readme-ts-fixture'", // 4
  'interface Point {', // 5
  '  readonly x: number', // 6
  '}', // 7
  'const point: Point = { x: 1 }', // 8
  "const pair = twice<string>('a') satisfies readonly string[]", // 9
  'console.log(pair) // => ["a","a"]', // 10
  'console.log((point as { x: number }).x) // => 1', // 11
  fence, // 12
  '', // 13
  `${fence}typescript`, // 14
  "import { twice } from 'readme-ts-fixture'", // 15
  'enum Size { Small = 1, Large = 2 }', // 16
  'console.log(twice(Size.Large)) // => [2,2]', // 17
  fence, // 18
])

describe('runReadmeExamples on TypeScript blocks', () => {
  it('strips the types of `ts` and `typescript` blocks and runs them', () => {
    const checks = runReadmeExamples(typed).flatMap((example) => example.checks)
    expect(checks.map(({ line, expected, actual }) => [line, expected, actual])).toEqual([
      [10, ['a', 'a'], ['a', 'a']],
      [11, 1, 1],
      [17, [2, 2], [2, 2]],
    ])
  })

  it('type-checks clean examples against the built declarations and runs them the same', () => {
    expect(runReadmeExamples(typed, { typecheck: true })).toEqual(runReadmeExamples(typed))
  })

  // Stripping removes the interface's lines, so the module's line 1 throws;
  // the source map names the block's line 4 (README line 1 + 4).
  it("names the block's own line in the stack trace of a TypeScript block that throws", () => {
    const path = readme('throws.md', [
      `${fence}ts`,
      'interface Unused {',
      '  readonly field: string',
      '}',
      "throw new Error('broken example')",
      'console.log(1) // => 1',
      fence,
    ])
    expect(() => runReadmeExamples(path)).toThrow(/throws\.md:1 \(example 1\) failed to run[\s\S]*example-1\.ts:4:7/)
  })

  // `a < b > (c)` is a comparison in JavaScript and a generic call in
  // TypeScript: stripping a `js` block would turn it into `a(c)`.
  it('runs `js` blocks as written, never through the TypeScript compiler', () => {
    const path = readme('plain.md', [
      `${fence}js`,
      'const a = 1, b = 2, c = 3',
      'console.log(a < b > (c)) // => false',
      fence,
    ])
    expect(runReadmeExamples(path)[0]!.checks[0]!.actual).toBe(false)
  })

  it.each(
    deepFreeze([
      [
        'a TypeScript block',
        'ts',
        ["import { twice } from 'readme-ts-fixture'", 'const pair: [number, number] = twice("a")'],
        /wrong\.md:5 \(example 1\): TS2322: Type '\[string, string\]' is not assignable/,
      ],
      [
        'a JavaScript block (checked JavaScript)',
        'js',
        ['const one = 1', 'one.toUpperCase()'],
        /wrong\.md:5 \(example 1\): TS2339: Property 'toUpperCase' does not exist on type '1'/,
      ],
      [
        'an import the package does not export',
        'ts',
        ["import { thrice } from 'readme-ts-fixture'", 'thrice(1)'],
        /wrong\.md:4 \(example 1\): TS2305: Module '"readme-ts-fixture"' has no exported member 'thrice'/,
      ],
    ] as const),
  )('with typecheck, fails a type error in %s, naming its README line', (_case, tag, code, message) => {
    const path = readme('wrong.md', ['# wrong', '', `${fence}${tag}`, ...code, 'console.log(1) // => 1', fence])
    expect(() => runReadmeExamples(path, { typecheck: true })).toThrow(message)
  })

  it('gives the blocks the environment variables of options.env', () => {
    const path = readme('env.md', [`${fence}ts`, 'console.log(process.env[\'README_FIXTURE\']) // => "set"', fence])
    expect(runReadmeExamples(path, { env: { README_FIXTURE: 'set' } })[0]!.checks[0]!.actual).toBe('set')
  })

  it.each(
    deepFreeze([
      [{ typecheck: 'yes' }, /expected options\.typecheck to be a boolean, received the string "yes"/],
      [{ env: { PATH: 1 } }, /expected options\.env to be an object of strings, received a value of type object/],
      [{ env: 'PATH=/bin' }, /expected options\.env to be an object of strings, received the string "PATH=\/bin"/],
    ] as const),
  )('rejects options %o with a TypeError', (options, message) => {
    expect(() => runReadmeExamples(typed, options as never)).toThrow(message)
    expect(() => runReadmeExamples(typed, options as never)).toThrow(TypeError)
  })

  it('leaves no module file or check directory behind', () => {
    expect(readdirSync(root).filter((name) => name.startsWith('.'))).toEqual([])
  })
})
