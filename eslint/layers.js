// The one-way layering of the browser code (README, "Layers of the browser code"), as an ESLint rule. Each
// folder of src/ names the folders it may import; a feature reaches another feature only through that
// feature's public face (its index.ts); only tests import src/testing. Relative imports are resolved by
// path alone, so a moved file is judged by the folder it lands in.
import path from 'node:path'

/**
 * The folder of src/ a file belongs to: `features/<name>` for a feature, the first folder otherwise, the
 * file's own name for a file at the top of src/ (`main`, `boot`, `entry-server`). `null` outside src/.
 * @param {string} relativePath a path from the repository's root, with forward slashes
 */
export function folderOf(relativePath) {
  const parts = relativePath.split('/')
  if (parts[0] === 'contract') return { folder: 'contract' }
  if (parts[0] !== 'src' || parts.length < 2) return null
  if (relativePath === 'src/routeTree.gen.ts') return { folder: 'routes' }
  if (parts[1] === 'features' && parts.length > 2) {
    const rest = parts.slice(3).join('/')
    return { folder: 'features', feature: parts[2], face: rest === '' || /^index\.tsx?$/.test(rest) }
  }
  if (parts.length === 2) return { folder: parts[1].replace(/\.(d\.)?tsx?$/, '') }
  return { folder: parts[1] }
}

const isTest = (relativePath) => /\.test\.tsx?$/.test(relativePath) || relativePath === 'src/test-setup.ts'

/** @type {import('eslint').Rule.RuleModule} */
export const layersRule = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Each folder of src/ imports only the layers below it (README, "Layers of the browser code").',
    },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          may: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
        required: ['root', 'may'],
        additionalProperties: false,
      },
    ],
    messages: {
      layer:
        '{{from}} may not import {{to}}: it imports {{allowed}} (README, "Layers of the browser code"). What both need moves down a layer.',
      unknown: '{{from}} is not in the layer table of eslint.config.js: give it its place among the layers.',
      insides:
        '{{from}} reaches into {{to}}: another feature is imported through its public face, `features/{{feature}}` (its index.ts).',
      testing: 'src/testing holds what tests share: only tests import it.',
    },
  },
  create(context) {
    const { root, may } = context.options[0]
    const relative = (file) => path.relative(root, file).split(path.sep).join('/')
    const fromPath = relative(context.filename)
    const from = folderOf(fromPath)
    if (!from) return {}
    const fromName = from.folder === 'features' ? `features/${from.feature}` : from.folder
    const allowed = may[from.folder]

    /** @param {import('estree').Node | null | undefined} source */
    function check(source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return
      const specifier = source.value
      if (!specifier.startsWith('.')) return
      const to = folderOf(relative(path.resolve(path.dirname(context.filename), specifier.split('?')[0])))
      if (!to) return
      if (to.folder === 'testing' && from.folder !== 'testing') {
        if (!isTest(fromPath)) context.report({ node: source, messageId: 'testing' })
        return
      }
      if (to.folder === from.folder && to.feature === from.feature) return
      if (!allowed) {
        context.report({ node: source, messageId: 'unknown', data: { from: fromName } })
        return
      }
      const toName = to.folder === 'features' ? `features/${to.feature}` : to.folder
      if (!allowed.includes('*') && !allowed.includes(to.folder)) {
        const list = allowed.length ? allowed.join(', ') : 'nothing of src/'
        context.report({
          node: source,
          messageId: 'layer',
          data: { from: fromName, to: toName, allowed: list },
        })
        return
      }
      if (from.folder === 'features' && to.folder === 'features' && !to.face)
        context.report({
          node: source,
          messageId: 'insides',
          data: { from: fromName, to: specifier, feature: to.feature },
        })
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    }
  },
}

export default { rules: { layers: layersRule } }
