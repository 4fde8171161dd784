// What openapi-typescript makes of the document (schema.gen.ts, kept fresh by
// `npm run contract:check`) as a client reads it. The checks are types:
// `npm run typecheck` fails on them, vitest only runs the file.
import { describe, expectTypeOf, it } from 'vitest'
import type { components, operations } from './schema.gen'

type Schemas = components['schemas']

describe('schema.gen.ts', () => {
  it('reads every amount and measure as a number, in answers and bodies alike', () => {
    expectTypeOf<Schemas['Product']['resale_price']>().toEqualTypeOf<number>()
    expectTypeOf<Schemas['Product']['original_price']>().toEqualTypeOf<number | null>()
    expectTypeOf<Schemas['Booking']['price']>().toEqualTypeOf<number>()
    expectTypeOf<Schemas['Dimensions']['width_cm']>().toEqualTypeOf<number | undefined>()
    expectTypeOf<Schemas['ProductInput']['resale_price']>().toEqualTypeOf<number>()
    expectTypeOf<Schemas['ProductInput']['original_price']>().toEqualTypeOf<number | null | undefined>()
    expectTypeOf<Schemas['ProductInput']['purchase_year']>().toEqualTypeOf<number | null | undefined>()
    expectTypeOf<Schemas['DimensionsInput']['width_cm']>().toEqualTypeOf<number | null | undefined>()
  })

  it('keeps null apart from left out where the document allows null', () => {
    expectTypeOf<Schemas['ProductChanges']['dimensions']>().toEqualTypeOf<Schemas['DimensionsInput'] | null | undefined>()
    expectTypeOf<Schemas['ProductChanges']['original_price']>().toEqualTypeOf<number | null | undefined>()
    expectTypeOf<Schemas['ProductChanges']['description']>().toEqualTypeOf<string | null | undefined>()
    expectTypeOf<Schemas['User']['suspended_until']>().toEqualTypeOf<string | null>()
    expectTypeOf<Schemas['Product']['dimensions']>().toEqualTypeOf<Schemas['Dimensions'] | null>()
  })

  it('answers GET /api/auth/me with the user, or no content when nobody is signed in', () => {
    type Me = operations['getApiAuthMe']['responses']
    expectTypeOf<Me[200]['content']['application/json']>().toEqualTypeOf<Schemas['User']>()
    expectTypeOf<Me[204]['content']>().toEqualTypeOf<undefined>()
  })
})
