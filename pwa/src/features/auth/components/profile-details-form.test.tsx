import { screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { buyer } from '@/testing/fixtures'
import { mockApi } from '@/testing/mock-api'
import { renderRoutes } from '@/testing/render'
import { ProfileDetailsForm } from './profile-details-form'

/** The form with the account it was first given, until the server's newer one arrives. */
function FromDeviceThenServer() {
  const [user, setUser] = useState(buyer)
  return (
    <>
      <button type="button" onClick={() => setUser({ ...buyer, name: 'Bea Renamed', location: 'Lyon' })}>
        fresh account
      </button>
      <ProfileDetailsForm user={user} />
    </>
  )
}

describe('Your details', () => {
  it("follow the server's newer account, but keep what the person is typing", async () => {
    mockApi({})
    const { user } = renderRoutes([{ path: '/', element: <FromDeviceThenServer /> }], '/')
    const name = await screen.findByLabelText('Name')
    expect(name).toHaveValue(buyer.name)
    await user.clear(screen.getByLabelText('Phone (optional)'))
    await user.type(screen.getByLabelText('Phone (optional)'), '+1 555 0199')

    await user.click(screen.getByRole('button', { name: 'fresh account' }))
    expect(await screen.findByDisplayValue('Bea Renamed')).toBe(name)
    expect(screen.getByLabelText('Location (optional)')).toHaveValue('Lyon')
    expect(screen.getByLabelText('Phone (optional)')).toHaveValue('+1 555 0199')
  })
})
