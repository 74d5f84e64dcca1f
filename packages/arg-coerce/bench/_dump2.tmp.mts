import { readFileSync } from 'node:fs'
const RealFunction = globalThis.Function
const sources: string[] = []
globalThis.Function = new Proxy(RealFunction, { construct(target, args) { sources.push(args[args.length - 1]); return Reflect.construct(target, args) } }) as never
const { coerceToolArgs } = await import('../dist/index.js')
const schema = JSON.parse(readFileSync('src/fixtures/pydantic-v2.json', 'utf8')).SearchTool
const make = () => ({ query: 'lamps', limit: '5', verbose: 'true', ratio: '0.5', scores: { a: '1', b: 2 }, window: ['3', 'a'], people: '[{"name": "Ada", "age": "36", "home": {"street": "Main", "zip_code": "7030"}}]', pet: { kind: 'dog', good: 'false' } })
for (let i = 0; i < 3; i++) console.log(JSON.stringify(coerceToolArgs(schema, make())))
for (const s of sources) console.log('-----\n' + s.replace(/; /g, ';\n'))
