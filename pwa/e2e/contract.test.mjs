// The checker every browser test's API answers go through (contract.mjs):
// it must find the wrong answers, and only those.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { contractOf, loadContract } from './contract.mjs'

const document = {
  openapi: '3.1.0',
  info: { title: 'Shop', version: '1' },
  paths: {
    '/api/items/{id}': {
      get: {
        responses: {
          200: { description: 'The item', content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } },
          404: { $ref: '#/components/responses/Error' },
        },
      },
      delete: { responses: { 204: { description: 'Gone' }, default: { $ref: '#/components/responses/Error' } } },
    },
    '/api/items/new': {
      get: {
        responses: { 200: { description: 'A blank item', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
    '/api/events': {
      get: {
        responses: { 200: { description: 'The stream', content: { 'text/event-stream': { schema: { type: 'string' } } } } },
      },
    },
  },
  components: {
    schemas: {
      Item: {
        type: 'object',
        required: ['id', 'name', 'time'],
        properties: {
          id: { type: 'integer', format: 'int64' },
          name: { type: 'string', maxLength: 8 },
          time: { type: 'string', format: 'date-time' },
          price: { type: ['number', 'null'] },
        },
        additionalProperties: false,
      },
    },
    responses: {
      Error: {
        description: 'What went wrong',
        content: {
          'application/json': { schema: { type: 'object', required: ['error'], properties: { error: { type: 'string' } } } },
        },
      },
    },
  },
}

const json = 'application/json; charset=utf-8'
const item = { id: 3, name: 'Sofa', time: '2026-11-26T10:00:00Z', price: null }

describe('contract', () => {
  const contract = contractOf(document)
  const cases = [
    {
      name: 'a right answer',
      answer: { method: 'GET', url: '/api/items/3', status: 200, contentType: json, body: JSON.stringify(item) },
    },
    {
      name: 'an error through a shared response',
      answer: { method: 'GET', url: '/api/items/9', status: 404, contentType: json, body: '{"error":"Not found"}' },
    },
    {
      name: 'a default response',
      answer: { method: 'DELETE', url: '/api/items/3', status: 409, contentType: json, body: '{"error":"Sold"}' },
    },
    { name: 'no body', answer: { method: 'DELETE', url: '/api/items/3', status: 204, contentType: undefined, body: '' } },
    { name: 'HEAD as GET', answer: { method: 'HEAD', url: '/api/items/3', status: 200, contentType: json, body: '' } },
    {
      name: 'a concrete path before a template',
      answer: { method: 'GET', url: 'http://127.0.0.1:1/api/items/new?x=1', status: 200, contentType: json, body: '{}' },
    },
    {
      name: 'a stream, not read',
      answer: { method: 'GET', url: '/api/events', status: 200, contentType: 'text/event-stream', body: undefined },
    },
    {
      name: 'a missing field',
      answer: {
        method: 'GET',
        url: '/api/items/3',
        status: 200,
        contentType: json,
        body: JSON.stringify({ ...item, name: undefined }),
      },
      violation: "GET /api/items/3 200: body must have required property 'name'",
    },
    {
      name: 'a field the document does not know',
      answer: {
        method: 'GET',
        url: '/api/items/3',
        status: 200,
        contentType: json,
        body: JSON.stringify({ ...item, colour: 'red' }),
      },
      violation: 'GET /api/items/3 200: body must NOT have additional properties',
    },
    {
      name: 'a date that is not one',
      answer: {
        method: 'GET',
        url: '/api/items/3',
        status: 200,
        contentType: json,
        body: JSON.stringify({ ...item, time: 'today' }),
      },
      violation: 'GET /api/items/3 200: body/time must match format "date-time"',
    },
    {
      name: 'a status the operation does not give',
      answer: { method: 'GET', url: '/api/items/3', status: 500, contentType: json, body: '{"error":"Internal error"}' },
      violation: 'GET /api/items/3 500: GET /api/items/{id} has no response 500 nor default',
    },
    {
      name: 'a method the path does not take',
      answer: { method: 'POST', url: '/api/items/3', status: 201, contentType: json, body: '{}' },
      violation: 'POST /api/items/3 201: the document has no POST /api/items/{id}',
    },
    {
      name: 'a path the document does not have',
      answer: { method: 'GET', url: '/api/things', status: 200, contentType: json, body: '[]' },
      violation: 'GET /api/things 200: no path of the document matches',
    },
    {
      name: 'another media type',
      answer: { method: 'GET', url: '/api/items/3', status: 200, contentType: 'text/plain', body: 'Sofa' },
      violation: 'GET /api/items/3 200: answered text/plain, the document gives application/json',
    },
    {
      name: 'a body that is not JSON',
      answer: { method: 'GET', url: '/api/items/3', status: 200, contentType: json, body: '{"id":' },
      violation: /^GET \/api\/items\/3 200: the body is not JSON/,
    },
  ]
  for (const { name, answer, violation } of cases) {
    it(name, () => {
      const found = contract.check(answer)
      if (violation instanceof RegExp) assert.match(found ?? '', violation)
      else assert.equal(found, violation ?? null)
    })
  }

  it("reads the project's document", async () => {
    const contract = await loadContract()
    const site = {
      name: 'Rehome',
      tagline: '',
      about: '',
      rules: '',
      privacy: '',
      terms: '',
      contact_email: '',
      public_listings: false,
      language: 'en',
    }
    const answer = { method: 'GET', url: '/api/site', status: 200, contentType: json }
    assert.equal(contract.check({ ...answer, body: JSON.stringify(site) }), null)
    assert.match(
      contract.check({ ...answer, body: JSON.stringify({ ...site, name: 1 }) }) ?? '',
      /^GET \/api\/site 200: body\/name must be string/,
    )
  })
})
