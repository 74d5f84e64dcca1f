// `get` against its peers, in two modes: the pointer string parsed on every
// call, and a pointer prepared once (each peer's own pre-parsed form). Each
// peer is called through its fastest documented API for the mode; see notes.
import { runBench } from '@x/bench-utils'
import * as hyperjump from '@hyperjump/json-pointer'
import jsonjoy from '@jsonjoy.com/json-pointer'
import fastJsonPatch from 'fast-json-patch'
import jsonPointer from 'json-pointer'
import jsonpointer from 'jsonpointer'
import { compile, get, parse } from '../dist/index.js'

// A short pointer over a small document, and a 20-token one through nested
// objects and arrays (every third level an array).
const shortDoc = { a: { b: { c: [{ d: 42 }] } } }
const shortPointer = '/a/b/c/0/d'

const longTokens: string[] = []
let longDoc: unknown = 'deep'
for (let level = 19; level >= 0; level--) {
  if (level % 3 === 2) {
    longDoc = [0, longDoc]
    longTokens.unshift('1')
  } else {
    longDoc = { [`key${level}`]: longDoc, other: level }
    longTokens.unshift(`key${level}`)
  }
}
const longPointer = '/' + longTokens.join('/')

function cases(label: string, doc: unknown, pointer: string, expected: unknown) {
  const tokens = parse(pointer)
  const compiled = compile(pointer)
  const jsonpointerCompiled = jsonpointer.compile(pointer)
  const jsonPointerTokens = jsonPointer.parse(pointer)
  const hyperjumpGetter = hyperjump.get(pointer)
  const jsonjoyPath = jsonjoy.parseJsonPointer(pointer)

  const parsedEveryCall = {
    ours: () => get(doc, pointer),
    jsonpointer: () => jsonpointer.get(doc as object, pointer),
    'json-pointer': () => jsonPointer.get(doc as object, pointer),
    '@hyperjump/json-pointer': () => hyperjump.get(pointer, doc as never),
    '@jsonjoy.com/json-pointer': () => jsonjoy.findByPointer(pointer, doc).val,
    'fast-json-patch': () => fastJsonPatch.getValueByPointer(doc, pointer),
  }
  const preParsed = {
    ours: () => compiled(doc),
    jsonpointer: () => jsonpointerCompiled.get(doc as object),
    'json-pointer': () => jsonPointer.get(doc as object, jsonPointerTokens),
    '@hyperjump/json-pointer': () => hyperjumpGetter(doc as never),
    '@jsonjoy.com/json-pointer': () => jsonjoy.get(doc, jsonjoyPath),
  }
  const oursTokens = { ours: () => get(doc, tokens) }
  for (const [name, run] of Object.entries({ ...parsedEveryCall, ...preParsed, ...oursTokens })) {
    if (run() !== expected) throw new Error(`${label}: ${name} returned ${String(run())}, expected ${String(expected)}`)
  }
  const freshParse = { ...parsedEveryCall, ours: () => get(doc, parse(pointer)) }
  return [
    {
      name: `get ${label}, pointer string parsed every call`,
      impls: parsedEveryCall,
      note:
        'ours: get(doc, string); jsonpointer.get; json-pointer get(obj, string); @hyperjump get(pointer, doc); ' +
        '@jsonjoy findByPointer(pointer, doc).val; fast-json-patch getValueByPointer. ' +
        'Ours reads a new pointer string directly and caches its parse from the second use (bounded), so a repeated string costs one Map lookup.',
    },
    {
      name: `get ${label}, pointer string parsed every call, our cache bypassed`,
      impls: freshParse,
      note: 'ours: get(doc, parse(pointer)), a full parse every call as if each pointer were new; peers as above.',
    },
    {
      name: `get ${label}, pre-parsed pointer`,
      impls: preParsed,
      note:
        'ours: compile(pointer)(doc); jsonpointer.compile(pointer).get; json-pointer get(obj, parse(pointer)); ' +
        '@hyperjump get(pointer) getter; @jsonjoy get(doc, parseJsonPointer(pointer)) (its $$find codegen uses ' +
        'eval, out of scope here). fast-json-patch has no pre-parsed form.',
    },
    {
      name: `get ${label}, token array`,
      impls: { ours: () => get(doc, tokens), '@jsonjoy.com/json-pointer': () => jsonjoy.get(doc, jsonjoyPath) },
      note: 'ours: get(doc, parse(pointer)) (token array, checked on every call) against @jsonjoy get(doc, path).',
    },
  ]
}

// A sweep: 5,000 distinct pointers read in turn, so no pointer repeats
// within any cache window. What a pointer library pays for a pointer it
// has not seen recently.
const sweepDoc: Record<string, unknown> = {}
const sweepPointers: string[] = []
for (let index = 0; index < 5000; index++) {
  sweepDoc[`k${index}`] = { a: [{ d: index }] }
  sweepPointers.push(`/k${index}/a/0/d`)
}
function sweep(read: (pointer: string) => unknown): () => unknown {
  let turn = 0
  return () => read(sweepPointers[turn++ % 5000]!)
}
const sweepImpls = {
  ours: sweep((pointer) => get(sweepDoc, pointer)),
  jsonpointer: sweep((pointer) => jsonpointer.get(sweepDoc, pointer)),
  'json-pointer': sweep((pointer) => jsonPointer.get(sweepDoc, pointer)),
  '@hyperjump/json-pointer': sweep((pointer) => hyperjump.get(pointer, sweepDoc as never)),
  '@jsonjoy.com/json-pointer': sweep((pointer) => jsonjoy.findByPointer(pointer, sweepDoc).val),
  'fast-json-patch': sweep((pointer) => fastJsonPatch.getValueByPointer(sweepDoc, pointer)),
}
for (const [name, run] of Object.entries(sweepImpls)) {
  // Fresh counters start at pointer 0, whose value is 0.
  const results = [run(), run(), run()]
  if (results.join() !== '0,1,2') throw new Error(`sweep: ${name} returned ${results.join()}`)
}

runBench('@x/json-pointer', [
  ...cases(shortPointer, shortDoc, shortPointer, 42),
  ...cases('20 tokens', longDoc, longPointer, 'deep'),
  {
    name: 'get, 5,000 distinct pointers in turn',
    impls: sweepImpls,
    note: 'Each call reads the next of 5,000 pointers (/k<n>/a/0/d), string APIs as in the first case; no cache hits.',
  },
])
