// Setup file of the "key-unmap (generated code)" test project (root
// vitest.config.ts): every renaming key order is specialized on its first
// use, so every test of the package also checks the generated code against
// its expectations, not only the interpreter.
import { codegen } from '../internal/generated-shape.js'

codegen.after = 1
