import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Avatar, avatarColour, initials } from './avatar'

describe('Avatar', () => {
  it.each([
    ['Bea Buyer', 'BB'],
    ['ada', 'A'],
    ['  Mary Ann  de la Cruz ', 'MC'],
    ['émile zola', 'ÉZ'],
    ['', '?'],
  ])('takes the initials of %j: %s', (name, expected) => {
    expect(initials(name)).toBe(expected)
  })

  it('gives a name the same colour each time', () => {
    expect(avatarColour('Bea Buyer')).toBe(avatarColour(' bea buyer'))
  })

  it('shows the picture when there is one, the initials otherwise', () => {
    const { rerender } = render(<Avatar name="Bea Buyer" src="/images/bea.webp" />)
    expect(screen.getByRole('img', { name: 'Bea Buyer' })).toHaveAttribute('src', '/images/bea.webp')
    rerender(<Avatar name="Bea Buyer" />)
    expect(screen.getByRole('img', { name: 'Bea Buyer' })).toHaveTextContent('BB')
  })
})
