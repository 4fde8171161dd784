// Checks answers of the API against its OpenAPI document
// (contract/openapi.json): the operation is found by method and path
// template, its response by status (then the status's range, then
// `default`), the media type by the answer's Content-Type, and a JSON body
// is validated against that media type's schema by Ajv (JSON Schema 2020-12,
// the dialect of OpenAPI 3.1).
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'

export const documentPath = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'contract', 'openapi.json')

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

/** A JSON pointer's segment as it is written in a URI fragment. */
function pointerSegment(segment) {
  return encodeURIComponent(String(segment).replace(/~/g, '~0').replace(/\//g, '~1'))
}

function unescapeSegment(segment) {
  return decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~')
}

/** The contract of the document: check(answer) gives the answer's violation, or null. */
export async function loadContract(path = documentPath) {
  return contractOf(JSON.parse(await readFile(path, 'utf8')))
}

export function contractOf(document) {
  // strict: false, as the document's schemas may carry OpenAPI's own
  // keywords (example, discriminator, x-…) beside JSON Schema's.
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  // OpenAPI's formats of numbers, which the type and bounds already say.
  for (const format of ['int32', 'int64', 'float', 'double']) ajv.addFormat(format, { type: 'number', validate: () => true })
  const id = 'openapi.json'
  ajv.addSchema(document, id)

  /** The object at a local $ref ('#/a/b'), following refs on the way; with its pointer. */
  const resolve = (value, pointer) => {
    const seen = new Set()
    while (value && typeof value.$ref === 'string' && value.$ref.startsWith('#/')) {
      if (seen.has(value.$ref)) throw new Error(`${value.$ref} refers to itself`)
      seen.add(value.$ref)
      pointer = value.$ref.slice(1)
      value = pointer
        .split('/')
        .slice(1)
        .reduce((node, segment) => node?.[unescapeSegment(segment)], document)
    }
    return { value, pointer }
  }

  const base = new URL(document.servers?.[0]?.url ?? '/', 'http://server').pathname.replace(/\/$/, '')
  // Concrete paths before templated ones, as OpenAPI asks
  // (/api/conversations/unread before /api/conversations/{id}).
  const routes = Object.keys(document.paths ?? {})
    .map((template) => {
      const segments = template.split('/')
      const pattern = segments.map((s) => (/^\{[^}]+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')
      return {
        template,
        pattern: new RegExp(`^${base}${pattern}$`),
        templated: segments.map((s) => (s.includes('{') ? '1' : '0')).join(''),
      }
    })
    .sort((a, b) => a.templated.localeCompare(b.templated))

  const validators = new Map()
  const validatorAt = (pointer) => {
    let validate = validators.get(pointer)
    if (!validate) {
      validate = ajv.compile({ $ref: `${id}#${pointer}` })
      validators.set(pointer, validate)
    }
    return validate
  }

  /** The operation's response for status, with its pointer; undefined when it has none. */
  const responseFor = (operation, operationPointer, status) => {
    const responses = operation.responses ?? {}
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find((k) => k in responses)
    if (key === undefined) return undefined
    return resolve(responses[key], `${operationPointer}/responses/${pointerSegment(key)}`)
  }

  return {
    /**
     * answer: { method, url, status, contentType, body } with body the text
     * of the answer (undefined when it was not read: a stream).
     */
    check({ method, url, status, contentType, body }) {
      const { pathname } = new URL(url, 'http://server')
      const where = `${method} ${pathname} ${status}`
      const route = routes.find((r) => r.pattern.test(pathname))
      if (!route) return `${where}: no path of the document matches`
      const lower = method.toLowerCase()
      // HEAD is GET without the body (RFC 9110), which the document need not repeat.
      const asked = lower === 'head' && !document.paths[route.template].head ? 'get' : lower
      const pathItem = resolve(document.paths[route.template], `/paths/${pointerSegment(route.template)}`)
      const operation = methods.includes(asked) ? pathItem.value?.[asked] : undefined
      if (!operation) return `${where}: the document has no ${asked.toUpperCase()} ${route.template}`
      const response = responseFor(operation, `${pathItem.pointer}/${asked}`, status)
      if (!response?.value) return `${where}: ${method} ${route.template} has no response ${status} nor default`
      const mediaType = (contentType ?? '').split(';')[0].trim().toLowerCase()
      const content = response.value.content ?? {}
      if (!mediaType || lower === 'head' || body === '') {
        return null
      }
      const key = [mediaType, `${mediaType.split('/')[0]}/*`, '*/*'].find((k) => k in content)
      if (key === undefined) {
        const documented = Object.keys(content)
        return `${where}: answered ${mediaType}, the document gives ${documented.length ? documented.join(', ') : 'no body'}`
      }
      const media = content[key]
      if (body === undefined || !media.schema || !/^application\/([\w.-]+\+)?json$/.test(mediaType)) return null
      let data
      try {
        data = JSON.parse(body)
      } catch (error) {
        return `${where}: the body is not JSON (${error.message})`
      }
      const validate = validatorAt(`${response.pointer}/content/${pointerSegment(key)}/schema`)
      if (validate(data)) return null
      return `${where}: ${ajv.errorsText(validate.errors, { dataVar: 'body' })}`
    },
  }
}
