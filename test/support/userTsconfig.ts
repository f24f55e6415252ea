/**
 * The tsconfig of a user's program compiled against the installed tarball (the packed tests of
 * both version lines): strict, and `skipLibCheck: false`, so the package's own declarations — and
 * those of the Effect it sits beside — are checked too, with no @types/node (a user need not have it).
 */
export const userTsconfig = (file: string, output: { readonly noEmit: true } | { readonly outDir: string }) => ({
  compilerOptions: {
    target: "ES2022",
    lib: ["ES2022", "DOM"],
    module: "NodeNext",
    moduleResolution: "NodeNext",
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    ...output,
    skipLibCheck: false,
    types: []
  },
  files: [file]
})
