// How dependency-cruiser reads TypeScript: Babel strips the types first. A type-only import is a
// dependency like any other (it ties a file to another feature's shapes), so before the preset strips
// them, every `import type …`, `export type … from` and `import('…')` type is turned into a bare import of
// the same module, which the rules then see.
function keepTypeImports({ types: t }) {
  const bare = (source) => t.importDeclaration([], t.stringLiteral(source));
  const typeOnly = (node, kind) =>
    node[kind] === 'type' ||
    (node.specifiers?.length > 0 && node.specifiers.every((s) => s[kind] === 'type'));
  return {
    visitor: {
      // On entering the program, before the TypeScript preset (which strips type imports there too).
      Program(program) {
        program.traverse({
          ImportDeclaration(path) {
            if (typeOnly(path.node, 'importKind')) path.replaceWith(bare(path.node.source.value));
          },
          'ExportNamedDeclaration|ExportAllDeclaration'(path) {
            if (path.node.source && typeOnly(path.node, 'exportKind'))
              path.replaceWith(bare(path.node.source.value));
          },
          TSImportType(path) {
            const source = path.node.argument.value ?? path.node.argument.literal?.value;
            if (source) program.unshiftContainer('body', bare(source));
          },
        });
      },
    },
  };
}

module.exports = {
  plugins: [keepTypeImports],
  presets: [
    [
      require.resolve('@babel/preset-typescript'),
      { isTSX: true, allExtensions: true, onlyRemoveTypeImports: true },
    ],
  ],
};
