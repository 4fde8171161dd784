// Resolves imports for eslint-plugin-boundaries (eslint.config.js): the '@/'
// alias of tsconfig.app.json ("@/*": ["./src/*"]) first, then Node's rules.
// Without it every '@/…' import is unknown and no boundary is checked.
const path = require('node:path')
const { createRequire } = require('node:module')
const node = createRequire(require.resolve('eslint-plugin-boundaries'))('eslint-import-resolver-node')

const src = path.join(__dirname, 'src')
const extensions = ['.ts', '.tsx', '.mjs', '.js']

exports.interfaceVersion = 2
exports.resolve = (source, file, config) =>
  node.resolve(source.startsWith('@/') ? path.join(src, source.slice(2)) : source, file, { extensions, ...config })
