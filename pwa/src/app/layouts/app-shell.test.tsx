import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { AppProvider } from '@/app/provider'
import { mockApi, pending } from '@/testing/mock-api'
import { createTestOfflineStore, createTestQueryClient } from '@/testing/render'
import indexHtml from '../../../index.html?raw'
import { AppShell } from './app-shell'

/**
 * An element tree as text: tags, attributes and text, without what only one
 * of the two has (the closed menu dialog React adds, router data attributes,
 * whitespace between tags, comments).
 */
function outline(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent?.trim() ?? ''
  if (!(node instanceof Element) || node.localName === 'dialog') return ''
  const attributes = [...node.attributes]
    .filter((attribute) => !attribute.name.startsWith('data-'))
    .map((attribute) => `${attribute.name}="${attribute.value}"`)
    .sort()
  const children = [...node.childNodes].map(outline).filter(Boolean)
  return `<${node.localName} ${attributes.join(' ')}>${children.join('')}</${node.localName}>`
}

describe('the static app shell in index.html', () => {
  it('is what React draws while the first screen loads', () => {
    mockApi({ 'GET /api/auth/me': () => pending() })
    const router = createMemoryRouter([{ path: '*', element: <AppShell /> }], { initialEntries: ['/somewhere'] })
    const { container } = render(
      <AppProvider client={createTestQueryClient()} offline={createTestOfflineStore()}>
        <RouterProvider router={router} />
      </AppProvider>,
    )
    const page = new DOMParser().parseFromString(indexHtml, 'text/html')
    const root = page.getElementById('root')
    expect(root?.firstElementChild).not.toBeNull()
    expect(outline(root!.firstElementChild!)).toBe(outline(container.firstElementChild!))
  })
})
