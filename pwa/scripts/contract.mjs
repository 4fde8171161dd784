// Writes what the web app takes from the API's OpenAPI document
// (contract/openapi.json): the wire types (src/lib/api/schema.gen.ts, by
// openapi-typescript) and the limits and names the app checks or lists
// before the server does (src/lib/api/contract.gen.ts). With --check it
// writes nothing and fails when the checked-in files differ from what the
// document gives, so that a change to either side fails until the other
// follows.
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const pwa = join(dirname(fileURLToPath(import.meta.url)), '..')
export const documentPath = join(pwa, '..', 'contract', 'openapi.json')
const schemaFile = join(pwa, 'src', 'lib', 'api', 'schema.gen.ts')
const constantsFile = join(pwa, 'src', 'lib', 'api', 'contract.gen.ts')

const schemas = '/components/schemas'

/**
 * Each constant of contract.gen.ts and where the document holds it, as JSON
 * pointers: a constant read in several places must be the same in each.
 */
export const constants = {
  maxPhotos: {
    doc: 'The photos a product has, at most.',
    at: [`${schemas}/Product/properties/images/maxItems`, `${schemas}/ProductInput/properties/images/maxItems`],
  },
  maxDimensionCm: {
    doc: 'Each outer measure of a product, in centimetres, at most (and above 0).',
    at: ['width_cm', 'depth_cm', 'height_cm'].map((side) => `${schemas}/Dimensions/properties/${side}/maximum`),
  },
  maxPrice: {
    doc: 'A price, at most, in the currency.',
    at: [`${schemas}/Product/properties/resale_price/maximum`, `${schemas}/Product/properties/original_price/maximum`],
  },
  maxProductNameLength: { doc: "A product's name, in characters.", at: [`${schemas}/ProductInput/properties/product/maxLength`] },
  maxDescriptionLength: {
    doc: "A product's description, in characters.",
    at: [`${schemas}/Product/properties/description/maxLength`, `${schemas}/ProductInput/properties/description/maxLength`],
  },
  maxLocationLength: { doc: 'Where a product is, in characters.', at: [`${schemas}/ProductInput/properties/location/maxLength`] },
  maxUsePeriodLength: {
    doc: 'How long a product was used, in characters.',
    at: [`${schemas}/ProductInput/properties/use_period/maxLength`],
  },
  minPasswordLength: { doc: 'A password, at least, in characters.', at: [`${schemas}/Password/minLength`] },
  maxPasswordBytes: { doc: 'A password, at most, in bytes (what bcrypt reads).', at: [`${schemas}/Password/maxLength`] },
  maxMessageLength: { doc: 'A message, in characters.', at: [`${schemas}/MessageInput/properties/text/maxLength`] },
  maxDeclineReasonLength: {
    doc: "A seller's reason for declining a booking, in characters.",
    at: [`${schemas}/Decline/properties/reason/maxLength`],
  },
  maxReportReasonLength: { doc: "A report's reason, in characters.", at: [`${schemas}/ReportInput/properties/reason/maxLength`] },
  maxPostTitleLength: { doc: "A post's title, in characters.", at: [`${schemas}/PostInput/properties/title/maxLength`] },
  maxPostBodyLength: { doc: "A post's body, in characters.", at: [`${schemas}/PostInput/properties/body/maxLength`] },
  maxReviewTextLength: {
    doc: "A review's text, in characters.",
    at: [`${schemas}/ReviewInput/properties/text/maxLength`, `${schemas}/Review/properties/text/maxLength`],
  },
  maxStars: {
    doc: 'The most stars a review gives (and a rating averages), from 1.',
    at: [
      `${schemas}/ReviewInput/properties/rating/maximum`,
      `${schemas}/Review/properties/rating/maximum`,
      `${schemas}/Rating/properties/average/maximum`,
    ],
  },
  maxSuspensionDays: {
    doc: 'The days an admin may suspend an account for, at most (from 1).',
    at: [`${schemas}/SuspendInput/properties/days/maximum`],
  },
  maxSuspendReasonLength: {
    doc: "A suspension's reason, in characters.",
    at: [`${schemas}/SuspendInput/properties/reason/maxLength`],
  },
  maxHandoverCheck: {
    doc: "A booking's handover check, at most (from 0): its bits are what the seller's device compares.",
    at: [`${schemas}/Booking/properties/handover_check/maximum`],
  },
  defaultPageSize: { doc: "A list's page when the request does not say.", at: ['/components/parameters/limit/schema/default'] },
  conditions: { doc: "A product's conditions, best first.", at: [`${schemas}/Condition/enum`] },
  registrationRoles: {
    doc: 'The roles a person may pick when registering.',
    at: [`${schemas}/Registration/properties/role/enum`],
  },
  pushKinds: { doc: 'The kinds of phone notification a person may turn off.', at: [`${schemas}/PushKind/enum`] },
}

/** The value at a JSON pointer of the document. */
export function valueAt(document, pointer) {
  let value = document
  for (const segment of pointer.split('/').slice(1)) {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~')
    if (value === null || typeof value !== 'object' || !(key in value)) throw new Error(`${pointer}: not in the document`)
    value = value[key]
  }
  return value
}

/** Each constant's value, checked to be the same wherever the document holds it. */
export function constantValues(document) {
  return Object.fromEntries(
    Object.entries(constants).map(([name, { at }]) => {
      const [first, ...others] = at.map((pointer) => valueAt(document, pointer))
      others.forEach((other, i) => {
        if (JSON.stringify(other) !== JSON.stringify(first)) {
          throw new Error(`${name}: ${at[i + 1]} is ${JSON.stringify(other)}, ${at[0]} is ${JSON.stringify(first)}`)
        }
      })
      return [name, first]
    }),
  )
}

const header = `// Generated by scripts/contract.mjs from contract/openapi.json (npm run contract): do not edit.\n`

function constantsSource(document) {
  const values = constantValues(document)
  const lines = Object.entries(constants).map(([name, { doc, at }]) => {
    const value = values[name]
    const literal = Array.isArray(value) ? `${JSON.stringify(value).replace(/,/g, ', ')} as const` : JSON.stringify(value)
    return `/** ${doc} From #${at[0]}. */\nexport const ${name} = ${literal}\n`
  })
  return `${header}\n${lines.join('\n')}`
}

async function schemaSource(document) {
  const { default: openapiTS, astToString } = await import('openapi-typescript')
  const ast = await openapiTS(document, { silent: true })
  return `${header}\n${astToString(ast)}`
}

/** Every generated file with the text it should have. */
export async function generated(document = JSON.parse(readFileSync(documentPath, 'utf8'))) {
  return [
    { file: schemaFile, text: await schemaSource(document) },
    { file: constantsFile, text: constantsSource(document) },
  ]
}

async function main(check) {
  const stale = []
  for (const { file, text } of await generated()) {
    let current = ''
    try {
      current = readFileSync(file, 'utf8')
    } catch {
      // missing: stale
    }
    if (current === text) continue
    if (check) stale.push(relative(pwa, file))
    else writeFileSync(file, text)
  }
  if (stale.length > 0) {
    console.error(
      `${stale.join(' and ')} ${stale.length > 1 ? 'differ' : 'differs'} from what contract/openapi.json gives.\n` +
        'Run `npm run contract` in pwa/ and commit the result (and fix what no longer type-checks).',
    )
    process.exit(1)
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main(process.argv.includes('--check'))
