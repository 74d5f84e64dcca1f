import { inheritsElements, ownElements } from './array-copy.js'
import { generate } from './generate.js'
import type { ArrayView, Budget, Compile, Layout, Position, Slot } from './types.js'
import type { Shape } from './shape.js'
import type { Walk } from './walk.js'

/** The array half of a compiled position: `prefixItems` (or draft-7 tuple `items`) and the rest. */
export class ArrayPart implements ArrayView {
  private readonly prefix: ReadonlyArray<Slot | null>
  private readonly rest: Slot | null
  private readonly compile: Compile
  private generated: ArrayPart['fresh'] | null | undefined

  constructor(shape: Shape, compile: Compile) {
    this.compile = compile
    this.prefix = shape.prefix.map((schemas) => (schemas.length === 0 ? null : { schemas, node: undefined }))
    this.rest = shape.items.length === 0 ? null : { schemas: shape.items, node: undefined }
  }

  /** The node of the item at `index`, or null when that item can never change. */
  nodeAt(index: number): Position | null {
    const slot = index < this.prefix.length ? this.prefix[index]! : this.rest
    return slot === null ? null : slot.node === undefined ? this.compile(slot) : slot.node
  }

  layout(limit: number): Layout | undefined {
    if (this.prefix.length > limit) return undefined
    return { prefix: this.prefix.map((_, index) => this.nodeAt(index)), rest: this.nodeAt(this.prefix.length) }
  }

  fits(value: unknown[], budget: Budget): boolean {
    for (let index = 0; index < value.length; index++)
      if (this.nodeAt(index)?.fits(value[index], budget) === false) return false
    return true
  }

  fresh(value: unknown[], depth: number, walk: Walk): unknown[] {
    if (this.generated === undefined && walk.generates) this.generated = generate(this, false) ?? null
    if (this.generated != null) return this.generated(value, depth, walk)
    let out = value
    let guarded = false // set at the first change when a prototype holds elements: a later item may be a hole too
    if (this.prefix.length === 0 && this.nodeAt(0) === null) return value
    for (let index = 0; index < value.length && (index < this.prefix.length || this.rest !== null); index++) {
      const node = this.nodeAt(index)
      const item = value[index]
      const next = node === null ? item : node.run(item, depth, walk)
      if (next === item) continue
      if (out === value) guarded = !walk.owned && inheritsElements(value)
      if (guarded && !Object.hasOwn(value, index)) continue
      if (out === value) out = walk.owned ? value : guarded ? ownElements(value) : value.slice()
      out[index] = next
    }
    return out
  }
}
