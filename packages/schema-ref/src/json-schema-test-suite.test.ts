// The official JSON-Schema-Test-Suite `ref.json` files (draft2020-12 and
// draft7, MIT), kept in the repository as fixtures with the suite's licence
// (src/fixtures/json-schema-test-suite, provenance in src/fixtures/README.md),
// so this test runs in every clone. Two checks per kept case:
// 1. structural: every `$ref` in a schema position resolves to what an
//    independent RFC 6901 reading of its fragment designates;
// 2. semantic: with every `$ref` replaced by its resolution, ajv (a root
//    devDependency of the workspace) reaches the suite's verdict on every
//    test datum.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { Ajv } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'
import { createRefResolver } from './create-ref-resolver.js'
import { resolveLocalSchemaRef } from './resolve-local-schema-ref.js'
import { collectRefNodes, designatedResolution, inlineRefs, RECURSIVE } from './test-support/json-schema-suite.js'

interface SuiteCase {
  description: string
  schema: unknown
  tests: Array<{ description: string; data: unknown; valid: boolean }>
}

const REMOTE = 'remote reference (a URL or URN, not a "#" fragment): out of scope, document-local only'
const ANCHOR = 'plain-name anchor ($anchor or "#foo" $id): out of scope, pointers only'
const NESTED_ID =
  'depends on a nested $id changing the base URI: we are document-local, "#/..." always means this document'
const RELATIVE = 'reference relative to an $id base URI: out of scope, document-local only'

const skipped: Record<string, Record<string, string>> = {
  'draft2020-12': {
    'remote ref, containing refs itself': REMOTE,
    'Recursive references between schemas': RELATIVE,
    'refs with relative uris and defs': NESTED_ID,
    'relative refs with absolute uris and defs': NESTED_ID,
    '$id must be resolved against nearest parent, not just immediate parent': RELATIVE,
    'order of evaluation: $id and $ref': RELATIVE,
    'order of evaluation: $id and $anchor and $ref': ANCHOR,
    'order of evaluation: $id and $ref on nested schema': RELATIVE,
    'simple URN base URI with $ref via the URN': REMOTE,
    'URN base URI with URN and JSON pointer ref': REMOTE,
    'URN base URI with URN and anchor ref': ANCHOR,
    'URN ref with nested pointer ref': NESTED_ID,
    'ref to if': REMOTE,
    'ref to then': REMOTE,
    'ref to else': REMOTE,
    'ref with absolute-path-reference': RELATIVE,
  },
  draft7: {
    '$ref prevents a sibling $id from changing the base uri': RELATIVE,
    'remote ref, containing refs itself': REMOTE,
    'Recursive references between schemas': RELATIVE,
    'Location-independent identifier': ANCHOR,
    'Reference an anchor with a non-relative URI': ANCHOR,
    'Location-independent identifier with base URI change in subschema': ANCHOR,
    'refs with relative uris and defs': NESTED_ID,
    'relative refs with absolute uris and defs': NESTED_ID,
    '$id must be resolved against nearest parent, not just immediate parent': RELATIVE,
    'simple URN base URI with $ref via the URN': REMOTE,
    'URN base URI with URN and JSON pointer ref': REMOTE,
    'URN base URI with URN and anchor ref': ANCHOR,
    'ref to if': REMOTE,
    'ref to then': REMOTE,
    'ref to else': REMOTE,
    'ref with absolute-path-reference': RELATIVE,
  },
}

// Kept for the structural check, left out of the ajv check only: our
// resolution overlays siblings (the referenced schema winning), which is
// what tool schemas need, but not what a validator does here.
const semanticDeviations: Record<string, Record<string, string>> = {
  'draft2020-12': {
    'ref creates new scope when adjacent to keywords':
      'merging $ref into its siblings lets unevaluatedProperties see the sibling properties; a validator keeps them apart',
  },
  draft7: {
    'ref overrides any sibling keywords':
      'draft 7 ignores the siblings of $ref; we keep them (a description beside a $ref must survive)',
  },
}

// Git blob ids of the copied files: the same as in the suite's repository
// at the commit src/fixtures/README.md names, so a changed copy fails here.
const BLOBS = {
  'draft2020-12': '9ca82eeb0198c8bd379662107cc870f7317d2b06',
  draft7: '82e1e16725e2bd0bb0496b192b09a78875a8e085',
} as const
const fixture = (path: string): Buffer =>
  readFileSync(new URL(`./fixtures/json-schema-test-suite/${path}`, import.meta.url))
const gitBlobId = (bytes: Buffer): string =>
  createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex')

describe('the JSON-Schema-Test-Suite fixtures', () => {
  it.each(Object.entries(BLOBS))("%s/ref.json is byte for byte the suite's file", (draft, blob) => {
    expect(gitBlobId(fixture(`${draft}/ref.json`))).toBe(blob)
  })

  it("carry the suite's MIT licence", () => {
    expect(fixture('LICENSE').toString('utf8')).toMatch(
      /^Copyright \(c\) 2012 Julian Berman\n\nPermission is hereby granted, free of charge/,
    )
  })
})

for (const draft of ['draft2020-12', 'draft7'] as const) {
  describe(`${draft}/ref.json`, () => {
    const suite = JSON.parse(fixture(`${draft}/ref.json`).toString('utf8')) as SuiteCase[]
    const skips = skipped[draft]!
    const kept = suite.filter((suiteCase) => !Object.hasOwn(skips, suiteCase.description))

    it('names in its skip list only cases the suite has', () => {
      const descriptions = new Set(suite.map((suiteCase) => suiteCase.description))
      expect(Object.keys(skips).filter((description) => !descriptions.has(description))).toEqual([])
      expect(Object.keys(semanticDeviations[draft]!).filter((description) => !descriptions.has(description))).toEqual(
        [],
      )
    })

    it('keeps only cases whose references are all "#" fragments', () => {
      const remote = kept.flatMap((suiteCase) =>
        collectRefNodes(suiteCase.schema)
          .filter(({ ref }) => !ref.startsWith('#/') && ref !== '#')
          .map(({ ref }) => `${suiteCase.description}: ${ref}`),
      )
      expect(remote).toEqual([])
    })

    it('finds a $ref in a schema position in every kept case but the two whose "$ref" is data', () => {
      // Those two are checked by the ajv pass below: a property named "$ref"
      // and a "$ref" inside `enum` must not be taken for references.
      expect(
        kept
          .filter((suiteCase) => collectRefNodes(suiteCase.schema).length === 0)
          .map((suiteCase) => suiteCase.description),
      ).toEqual([
        'property named $ref that is not a reference',
        'naive replacement of $ref with its destination is not correct',
      ])
    })

    const withRefs = kept.filter((suiteCase) => collectRefNodes(suiteCase.schema).length > 0)
    it.each(withRefs.map((suiteCase) => [suiteCase.description, suiteCase] as const))(
      'resolves every $ref of "%s" to the schema its pointer designates',
      (_description, suiteCase) => {
        const nodes = collectRefNodes(suiteCase.schema)
        for (const { node } of nodes) {
          const expected = designatedResolution(suiteCase.schema, node)
          const actual = resolveLocalSchemaRef(suiteCase.schema, node)
          expect(actual).toEqual(expected)
          if (Object.keys(node).length === 1 && typeof expected === 'object') expect(actual).toBe(expected)
        }
      },
    )

    const semantic = kept.filter((suiteCase) => !Object.hasOwn(semanticDeviations[draft]!, suiteCase.description))
    const deviating = kept.filter((suiteCase) => Object.hasOwn(semanticDeviations[draft]!, suiteCase.description))
    it.each(deviating.map((suiteCase) => [suiteCase.description, suiteCase] as const))(
      'deviates from a validator on "%s" exactly as documented (siblings overlaid, not applied apart)',
      (_description, suiteCase) => {
        const inlined = inlineRefs(createRefResolver(suiteCase.schema), suiteCase.schema)
        const ajv = draft === 'draft7' ? new Ajv({ strict: false }) : new Ajv2020({ strict: false })
        const validate = ajv.compile(inlined as object | boolean)
        expect(suiteCase.tests.some((test) => validate(test.data) !== test.valid)).toBe(true)
      },
    )
    it.each(semantic.map((suiteCase) => [suiteCase.description, suiteCase] as const))(
      'reaches the suite\'s verdicts on "%s" with every $ref replaced by its resolution',
      (_description, suiteCase) => {
        const inlined = inlineRefs(createRefResolver(suiteCase.schema), suiteCase.schema)
        // A schema that refers to itself (`"$ref": "#"`) has no finite inlined
        // form; its structural check above still ran.
        if (inlined === RECURSIVE) return
        const ajv = draft === 'draft7' ? new Ajv({ strict: false }) : new Ajv2020({ strict: false })
        const validate = ajv.compile(inlined as object | boolean)
        for (const test of suiteCase.tests)
          expect([test.description, validate(test.data)]).toEqual([test.description, test.valid])
      },
    )
  })
}
