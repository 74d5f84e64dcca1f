// A small typed builder of JavaScript source. `Code` is a string only this module can make: from the package's own
// template text (`js`), from a string turned into a literal (`literal`), or from a name the emitter hands out. A
// property name, an enum value or any other string from a schema therefore cannot reach the source except as a literal.
declare const brand: unique symbol
export type Code = string & { readonly [brand]: true }

/** This package's template text with `Code` parts in place. */
export const js = (strings: TemplateStringsArray, ...parts: readonly Code[]): Code =>
  parts.reduce((text: string, part, index) => text + part + strings[index + 1]!, strings[0]!) as Code

// JSON's string grammar is a subset of JavaScript's (line separators included) and JSON.stringify escapes lone
// surrogates: whatever quotes or backslashes a string holds, it becomes one JavaScript string literal.
export const literal = (value: string): Code => JSON.stringify(value) as Code

/** An index the generator counts itself (a branch, a tuple position): digits only. */
export const index = (value: number): Code => String(Math.trunc(value)) as Code

export const join = (parts: readonly Code[], separator: Code): Code => parts.join(separator) as Code

const LOCALS = ['v', 'd', 'out', 'x', 'r', 'c', 'g', 'i', 'p', 'o', 'b'] as const
export const locals = (level: number) =>
  Object.fromEntries(LOCALS.map((name) => [name, `${name}${level}`])) as Record<(typeof LOCALS)[number], Code>

/** The values a generated function refers to (as `k0`, `k1`, ...), passed to it as an array instead of as text. */
export class Constants {
  readonly values: unknown[] = []
  readonly add = (value: unknown): Code => `k${this.values.push(value) - 1}` as Code
  /** Binds the names (`const {} = k` when there are none), without the array iterator a host may have replaced. */
  declarations = (): Code => `const { ${this.values.map((_, index) => `${index}: k${index}`).join(', ')} } = k;` as Code
}
