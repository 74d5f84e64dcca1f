import type { GeneratedUnmap, KeyOrder, Node, Settings, Walk } from './node.js'

type UnmapValue = (value: unknown, node: Node, walk: Walk, depth: number) => unknown

/** Key orders with more keys keep the interpreter: a hostile schema never makes the engine compile a huge function. */
export const MAX_GENERATED_KEYS = 64

/**
 * Key orders whose key names and target names, written as string literals,
 * total more than this many characters keep the interpreter: the keys come
 * from model output, and a few keys of a megabyte each would otherwise
 * enter the generated source.
 */
export const MAX_GENERATED_NAME_CHARACTERS = 16_384

/**
 * Whether this engine lets code be compiled at run time. It does not under a
 * Content-Security-Policy without 'unsafe-eval' nor on Cloudflare Workers:
 * there the first attempt throws (caught here, once per settings object,
 * so once per process for `unmapArgKeys`) and every key order keeps the
 * interpreter.
 */
function codegenAvailable(engine: Settings['engine']): boolean {
  if (engine.available === undefined) {
    try {
      // eslint-disable-next-line no-new-func -- the probe for the generation below
      engine.available = new Function('return 1')() === 1
    } catch {
      engine.available = false
    }
  }
  return engine.available
}

/**
 * Compiles the unmapping of one renaming key order into an object literal:
 * the value's keys are checked against the order's in one for...in, as the
 * interpreter does, then the output is built in one literal with the
 * original names (V8 creates it from a boilerplate) from values read by
 * name, instead of cloning a template and storing key by key.
 *
 * Safety: the only text taken from the schema and the arguments is the
 * key names, and they enter the code as `JSON.stringify(name)`, a string
 * literal whatever the name holds; nodes are passed in as values. A key
 * order with a `__proto__` key or target (a literal would set the prototype),
 * more than MAX_GENERATED_KEYS keys, names longer in total than
 * MAX_GENERATED_NAME_CHARACTERS, or an engine that forbids code generation
 * keeps the interpreter: undefined is returned.
 */
export function generateKeyOrder(
  order: KeyOrder,
  settings: Settings,
  mismatch: symbol,
  unmapValue: UnmapValue,
): GeneratedUnmap | undefined {
  const { keys, targets, nodes } = order
  if (keys.length === 0 || keys.length > MAX_GENERATED_KEYS) return undefined
  if (keys.includes('__proto__') || targets.includes('__proto__')) return undefined
  let characters = 0
  for (let index = 0; index < keys.length; index++) characters += keys[index]!.length + targets[index]!.length
  // (JSON.stringify can only lengthen a name: the cheap sum is checked first.)
  if (characters > MAX_GENERATED_NAME_CHARACTERS) return undefined
  const literals = keys.map((key) => JSON.stringify(key))
  const targetLiterals = targets.map((target) => JSON.stringify(target))
  characters = 0
  for (let index = 0; index < keys.length; index++)
    characters += literals[index]!.length + targetLiterals[index]!.length
  if (characters > MAX_GENERATED_NAME_CHARACTERS) return undefined
  if (!codegenAvailable(settings.engine)) return undefined
  const fields = keys.map((_key, index) => {
    const read = `v[${literals[index]}]`
    const value =
      nodes[index] === undefined
        ? read
        : `(x = ${read}, typeof x === 'object' && x !== null ? unmapValue(x, nodes[${index}], walk, depth + 1) : x)`
    return `${targetLiterals[index]}: ${value}`
  })
  const body = [
    'return function generatedUnmap(v, walk, depth) {',
    'let index = 0, x;',
    'for (const key in v) if (key !== keys[index++]) return MISMATCH;',
    // for...in lists own keys first: the last one being own means all are.
    `if (index !== ${keys.length} || !hasOwn(v, keys[${keys.length - 1}])) return MISMATCH;`,
    `return { ${fields.join(', ')} };`,
    '};',
  ].join('\n')
  try {
    // eslint-disable-next-line no-new-func -- the generation itself; see the safety note above
    const factory = new Function('keys', 'nodes', 'MISMATCH', 'unmapValue', 'hasOwn', body) as (
      ...dependencies: unknown[]
    ) => GeneratedUnmap
    const generated = factory(keys, nodes, mismatch, unmapValue, Object.hasOwn)
    settings.onCompile?.()
    return generated
  } catch {
    // Not expected (names enter as JSON string literals), but a refusal
    // here must cost speed, never the call.
    return undefined
  }
}
