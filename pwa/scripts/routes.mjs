// Writes the web app's route table (src/lib/paths.ts) as
// internal/webroutes/routes.json, so that the server links to the screens
// mails and phone notifications open from the same table as the app.
// With --check it writes nothing and fails when the file is out of date.
import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const source = fileURLToPath(new URL('../src/lib/paths.ts', import.meta.url))
const target = fileURLToPath(new URL('../../internal/webroutes/routes.json', import.meta.url))

// paths.ts imports nothing, so its JavaScript runs as it is.
const { outputText } = ts.transpileModule(await readFile(source, 'utf8'), {
  compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
})
const { routePaths } = await import('data:text/javascript,' + encodeURIComponent(outputText))
const json = JSON.stringify(routePaths, null, 2) + '\n'

if (process.argv.includes('--check')) {
  const current = await readFile(target, 'utf8').catch(() => '')
  if (current !== json) {
    console.error('internal/webroutes/routes.json differs from src/lib/paths.ts: run npm run routes')
    process.exit(1)
  }
} else {
  await writeFile(target, json)
}
