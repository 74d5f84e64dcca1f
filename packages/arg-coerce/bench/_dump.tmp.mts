const RealFunction = globalThis.Function
const sources: string[] = []
globalThis.Function = new Proxy(RealFunction, { construct(target, args) { sources.push(args[args.length - 1]); return Reflect.construct(target, args) } }) as never
const { coerceToolArgs } = await import('../dist/index.js')
const { loadMcpCorpus } = await import('@x/mcp-corpus')
const server = loadMcpCorpus().find((e) => e.slug === process.argv[2])!
const tool = server.tools.find((t) => t.name === process.argv[3])!
console.log(JSON.stringify(tool.inputSchema, null, 1).slice(0, 3000))
const args = JSON.parse(process.argv[4]!)
for (let i = 0; i < 3; i++) console.log(JSON.stringify(coerceToolArgs(tool.inputSchema, structuredClone(args))))
for (const s of sources) console.log('-----\n' + s.replace(/; /g, ';\n'))
