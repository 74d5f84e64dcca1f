// Public surface: filled in by the package's issue. Explicit names only, no `export *`.
export const PACKAGE_NAME = '@x/key-unmap'
