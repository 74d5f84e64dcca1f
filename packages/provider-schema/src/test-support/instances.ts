/**
 * A small seeded generator of valid instances of a JSON Schema, and a
 * "model" that sends them the way models do (scalars and objects as
 * strings where the schema it saw asks for another type). Used by the
 * round-trip tests; instances are filtered with ajv by the caller, so the
 * generator may be approximate where a schema is exotic.
 */
import fc from 'fast-check'
import { createRefResolver } from '@x/schema-ref'

type Json = Record<string, unknown>

/** A deterministic pseudo-random source (mulberry32). */
export function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
}

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)
const STRINGS = ['Ada', '07030', 'true', 'null', '5', '{"a":1}', '', 'two words', 'é']
const NONE = Symbol('none')

export interface InstanceOptions {
  /** Never give an optional property the value null (strict mode reads such a null as "omitted"). */
  readonly omitNullOptional: boolean
}

/** A value the schema admits (most of the time), or undefined when none was found. */
export function instanceOf(root: unknown, rng: () => number, options: InstanceOptions): unknown {
  const resolver = createRefResolver(root)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rng() * list.length)]!

  function generate(node: unknown, depth: number): unknown {
    const schema = resolver.resolve(node)
    if (schema === true || (isRecord(schema) && Object.keys(schema).length === 0))
      return pick([1, 'x', true, null, { k: 'v' }, [1]])
    if (!isRecord(schema)) return NONE
    if (typeof schema.$ref === 'string') return NONE
    if (Object.hasOwn(schema, 'const')) return schema.const
    if (Array.isArray(schema.enum)) return schema.enum.length === 0 ? NONE : pick(schema.enum)
    const union = (
      Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined
    ) as unknown[] | undefined
    if (union !== undefined && union.length > 0) {
      const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = schema
      const branch = resolver.resolve(pick(union))
      return generate(isRecord(branch) ? { ...rest, ...branch } : branch, depth)
    }
    if (Array.isArray(schema.allOf)) {
      let merged: Json = { ...schema, allOf: undefined }
      for (const member of schema.allOf) {
        const resolved = resolver.resolve(member)
        if (!isRecord(resolved)) return NONE
        merged = {
          ...merged,
          ...resolved,
          properties: { ...(merged.properties as Json), ...(resolved.properties as Json) },
        }
      }
      delete merged.allOf
      return generate(merged, depth)
    }
    const types =
      typeof schema.type === 'string'
        ? [schema.type]
        : Array.isArray(schema.type)
          ? (schema.type as string[])
          : isRecord(schema.properties)
            ? ['object']
            : []
    if (types.length === 0) return pick([1, 'x', true, null])
    // Deep positions prefer leaves, so recursive schemas terminate.
    const choices = depth > 4 ? types.filter((type) => type !== 'object' && type !== 'array') : types
    const type = pick(choices.length > 0 ? choices : types)
    switch (type) {
      case 'null':
        return null
      case 'boolean':
        return rng() < 0.5
      case 'integer':
      case 'number': {
        // Within the bounds the schema states, else -100..100.
        const low =
          typeof schema.minimum === 'number'
            ? schema.minimum
            : typeof schema.exclusiveMinimum === 'number'
              ? schema.exclusiveMinimum + 1
              : -100
        const high =
          typeof schema.maximum === 'number'
            ? schema.maximum
            : typeof schema.exclusiveMaximum === 'number'
              ? schema.exclusiveMaximum - 1
              : Math.max(low, 0) + 100
        if (type === 'integer') return Math.ceil(low) + Math.floor(rng() * (Math.floor(high) - Math.ceil(low) + 1))
        return low + Math.floor(rng() * 8 * (high - low)) / 8
      }
      case 'string': {
        if (typeof schema.pattern === 'string') return matching(schema.pattern)
        let text = pick(STRINGS)
        if (typeof schema.minLength === 'number' && text.length < schema.minLength)
          text = text.padEnd(schema.minLength, 'x')
        if (typeof schema.maxLength === 'number' && text.length > schema.maxLength)
          text = text.slice(0, schema.maxLength)
        return text
      }
      case 'array': {
        const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems : []
        const out: unknown[] = []
        for (const item of prefix) {
          const value = generate(item, depth + 1)
          if (value === NONE) return NONE
          out.push(value)
        }
        if (schema.items !== undefined && schema.items !== false && !Array.isArray(schema.items)) {
          let count = Math.max(
            depth > 4 ? 0 : Math.floor(rng() * 3),
            typeof schema.minItems === 'number' ? schema.minItems : 0,
          )
          if (typeof schema.maxItems === 'number') count = Math.min(count, schema.maxItems)
          for (let index = 0; index < count; index++) {
            const value = generate(schema.items, depth + 1)
            if (value === NONE) return NONE
            out.push(value)
          }
        }
        return out
      }
      case 'object': {
        const out: Json = {}
        const properties = isRecord(schema.properties) ? schema.properties : {}
        const required = new Set(Array.isArray(schema.required) ? schema.required : [])
        for (const name of Object.keys(properties)) {
          const isRequired = required.has(name)
          if (!isRequired && (depth > 4 || rng() < 0.4)) continue
          const value = generate(properties[name], depth + 1)
          if (value === NONE) {
            if (isRequired) return NONE
            continue
          }
          if (value === null && !isRequired && options.omitNullOptional) continue
          Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true })
        }
        if (isRecord(schema.additionalProperties) && rng() < 0.5) {
          const value = generate(schema.additionalProperties, depth + 1)
          if (value !== NONE && !Object.hasOwn(out, 'extra key')) out['extra key'] = value
        }
        return out
      }
      default:
        return NONE
    }
  }

  // A string for a `pattern`, from fast-check's generator (seeded from ours); NONE where it cannot read the pattern.
  function matching(pattern: string): unknown {
    try {
      const [value] = fc.sample(fc.stringMatching(new RegExp(pattern, 'u'), { size: 'xsmall' }), {
        seed: Math.floor(rng() * 2 ** 31),
        numRuns: 1,
      })
      return value ?? NONE
    } catch {
      return NONE
    }
  }

  const value = generate(root, 0)
  return value === NONE ? undefined : value
}

/**
 * What a model does to arguments of the schema it was shown: a number,
 * boolean or null sent as a string, an object or array sent as JSON text,
 * where that position's type does not admit a string (so the change is one
 * a coercer can undo). Unions are left as they are.
 */
export function addModelNoise(sent: unknown, value: unknown, rng: () => number): unknown {
  const resolver = createRefResolver(sent)
  function noise(node: unknown, current: unknown, depth: number): unknown {
    const schema = resolver.resolve(node)
    if (!isRecord(schema) || depth > 20) return current
    if (['anyOf', 'oneOf', 'allOf', 'enum', 'const'].some((keyword) => Object.hasOwn(schema, keyword))) return current
    const types =
      typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? (schema.type as string[]) : []
    if (types.length === 0 || types.includes('string')) return current
    if (depth > 0 && (typeof current === 'number' || typeof current === 'boolean' || current === null) && rng() < 0.4)
      return String(current)
    if (Array.isArray(current)) {
      const items = schema.items
      const mapped = current.map((item, index) =>
        noise(Array.isArray(schema.prefixItems) ? (schema.prefixItems[index] ?? items) : items, item, depth + 1),
      )
      return depth > 0 && rng() < 0.25 ? JSON.stringify(mapped) : mapped
    }
    if (isRecord(current)) {
      const properties = isRecord(schema.properties) ? schema.properties : {}
      const out: Json = {}
      for (const key of Object.keys(current)) {
        const child = Object.hasOwn(properties, key) ? properties[key] : schema.additionalProperties
        Object.defineProperty(out, key, {
          value: noise(child, current[key], depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        })
      }
      return depth > 0 && rng() < 0.25 ? JSON.stringify(out) : out
    }
    return current
  }
  return noise(sent, value, 0)
}
