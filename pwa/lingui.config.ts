import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

// Messages are written with explicit ids and their English text
// (i18n._({ id, message }), <Trans id message>), see src/lib/i18n.ts. The
// compiled catalogs (messages.ts) are committed, so tests and a clean
// clone's build need no step first; `npm run build` compiles them again.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'de', 'fr'],
  // Tests' own messages (src/lib/lingui/runtime.test.tsx) are not the app's.
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src'], exclude: ['**/*.test.ts', '**/*.test.tsx'] },
  ],
  // Where a message is used, by file but not by line: an edit elsewhere in
  // the file then leaves the catalogs alone.
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
  compileNamespace: 'ts',
})
