import { Validator } from '@seriousme/openapi-schema-validator'
import { describe, expect, it } from 'vitest'
import documentText from '../../../../contract/openapi.json?raw'
import * as generated from './contract.gen'

// The document as JSON: a key not in it reads undefined, and its case fails.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any JSON shape, checked by the cases
const document = JSON.parse(documentText) as any
const schemas = document.components.schemas

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator()
    const result = await validator.validate(document)
    expect(result.errors).toBeUndefined()
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
  })

  it('is refused when it breaks the specification', async () => {
    const broken = structuredClone(document)
    broken.paths['/api/site'].get.responses = 'none'
    expect((await new Validator().validate(broken)).valid).toBe(false)
  })
})

describe('contract.gen.ts', () => {
  // Where the document holds each constant, read apart from scripts/contract.mjs.
  const cases: [keyof typeof generated, unknown][] = [
    ['maxPhotos', schemas.ProductInput.properties.images.maxItems],
    ['maxDimensionCm', schemas.Dimensions.properties.height_cm.maximum],
    ['maxPrice', schemas.Product.properties.resale_price.maximum],
    ['maxProductNameLength', schemas.ProductInput.properties.product.maxLength],
    ['maxDescriptionLength', schemas.ProductInput.properties.description.maxLength],
    ['maxLocationLength', schemas.ProductInput.properties.location.maxLength],
    ['maxUsePeriodLength', schemas.ProductInput.properties.use_period.maxLength],
    ['minPasswordLength', schemas.Password.minLength],
    ['maxPasswordBytes', schemas.Password.maxLength],
    ['maxMessageLength', schemas.MessageInput.properties.text.maxLength],
    ['maxDeclineReasonLength', schemas.Decline.properties.reason.maxLength],
    ['maxReportReasonLength', schemas.ReportInput.properties.reason.maxLength],
    ['maxPostTitleLength', schemas.PostInput.properties.title.maxLength],
    ['maxPostBodyLength', schemas.PostInput.properties.body.maxLength],
    ['maxReviewTextLength', schemas.ReviewInput.properties.text.maxLength],
    ['maxStars', schemas.ReviewInput.properties.rating.maximum],
    ['maxSuspensionDays', schemas.SuspendInput.properties.days.maximum],
    ['maxSuspendReasonLength', schemas.SuspendInput.properties.reason.maxLength],
    ['defaultPageSize', document.components.parameters.limit.schema.default],
    ['conditions', schemas.Condition.enum],
    ['registrationRoles', schemas.Registration.properties.role.enum],
    ['pushKinds', schemas.PushKind.enum],
    ['maxHandoverCheck', schemas.Booking.properties.handover_check.maximum],
  ]

  it.each(cases)('has %s as the document gives it', (name, value) => {
    expect(value).toBeDefined()
    expect(generated[name]).toEqual(value)
  })

  it('has no constant this test does not know', () => {
    expect(Object.keys(generated).sort()).toEqual(cases.map(([name]) => name).sort())
  })
})
