import { Link } from 'react-router-dom'
import { Brand } from './navbar'

// Placeholder links, all to '/', as the spec lists them.
const groups = [
  { title: 'Company', links: ['About', 'Careers', 'Brand Center', 'Blog'] },
  { title: 'Help center', links: ['Discord Server', 'Twitter', 'Facebook', 'Contact Us'] },
  { title: 'Legal', links: ['Privacy Policy', 'Licensing', 'Terms & Conditions'] },
  { title: 'Download', links: ['iOS', 'Android', 'Windows', 'MacOS'] },
]

const socials = [
  {
    label: 'Facebook',
    path: 'M22 12a10 10 0 1 0-11.56 9.88v-6.99H7.9V12h2.54V9.8c0-2.5 1.49-3.89 3.78-3.89 1.09 0 2.24.2 2.24.2v2.46h-1.26c-1.24 0-1.63.77-1.63 1.56V12h2.78l-.44 2.89h-2.34v6.99A10 10 0 0 0 22 12Z',
  },
  {
    label: 'Instagram',
    path: 'M12 2.2c3.2 0 3.58 0 4.85.07 3.25.15 4.77 1.69 4.92 4.92.06 1.27.07 1.65.07 4.85s0 3.58-.07 4.85c-.15 3.23-1.66 4.77-4.92 4.92-1.27.06-1.65.07-4.85.07s-3.58 0-4.85-.07c-3.26-.15-4.77-1.7-4.92-4.92C2.17 15.58 2.16 15.2 2.16 12s0-3.58.07-4.85C2.38 3.92 3.9 2.38 7.15 2.23 8.42 2.17 8.8 2.16 12 2.16ZM12 6.85a5.15 5.15 0 1 0 0 10.3 5.15 5.15 0 0 0 0-10.3Zm0 8.49a3.34 3.34 0 1 1 0-6.68 3.34 3.34 0 0 1 0 6.68Zm5.34-9.9a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4Z',
  },
  {
    label: 'Twitter',
    path: 'M22.46 6c-.77.35-1.6.58-2.46.69a4.3 4.3 0 0 0 1.88-2.37c-.83.5-1.75.85-2.72 1.05a4.28 4.28 0 0 0-7.3 3.9A12.14 12.14 0 0 1 3.04 4.8a4.28 4.28 0 0 0 1.33 5.71 4.27 4.27 0 0 1-1.94-.54v.05a4.28 4.28 0 0 0 3.43 4.2 4.3 4.3 0 0 1-1.93.07 4.28 4.28 0 0 0 4 2.97A8.59 8.59 0 0 1 2 19.54 12.1 12.1 0 0 0 8.56 21.5c7.88 0 12.2-6.53 12.2-12.2l-.01-.55A8.7 8.7 0 0 0 22.46 6Z',
  },
  {
    label: 'GitHub',
    path: 'M12 2a10 10 0 0 0-3.16 19.49c.5.09.68-.22.68-.48v-1.7c-2.78.6-3.37-1.34-3.37-1.34-.45-1.16-1.11-1.47-1.11-1.47-.91-.62.07-.6.07-.6 1 .07 1.53 1.03 1.53 1.03.9 1.52 2.34 1.08 2.91.83.09-.65.35-1.09.63-1.34-2.22-.25-4.55-1.11-4.55-4.94 0-1.09.39-1.98 1.03-2.68-.1-.25-.45-1.27.1-2.64 0 0 .84-.27 2.75 1.02a9.58 9.58 0 0 1 5 0c1.91-1.29 2.75-1.02 2.75-1.02.55 1.37.2 2.39.1 2.64.64.7 1.03 1.59 1.03 2.68 0 3.84-2.34 4.69-4.57 4.93.36.31.68.92.68 1.85v2.75c0 .27.18.58.69.48A10 10 0 0 0 12 2Z',
  },
]

export function Footer() {
  const year = new Date().getFullYear()
  return (
    <footer className="mt-auto border-t border-stone-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8 py-10">
        <div className="grid grid-cols-2 gap-8 md:grid-cols-5">
          <div className="col-span-2 md:col-span-1">
            <Brand />
            <p className="mt-2 text-sm text-stone-600">Second-hand furniture and household goods, from neighbours.</p>
          </div>
          {groups.map((group) => (
            <div key={group.title}>
              <h2 className="mb-3 text-sm font-semibold tracking-wide text-stone-900 uppercase">{group.title}</h2>
              <ul className="flex flex-col">
                {group.links.map((label) => (
                  <li key={label}>
                    <Link to="/" className="inline-flex min-h-11 items-center text-stone-600 no-underline hover:text-teal-800 hover:underline">
                      {label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <div className="mt-8 flex flex-col-reverse items-center justify-between gap-4 border-t border-stone-200 pt-6 sm:flex-row">
          <p className="text-sm text-stone-600">© {year} Rehome™. All Rights Reserved.</p>
          <ul className="flex gap-1">
            {socials.map((social) => (
              <li key={social.label}>
                <Link
                  to="/"
                  className="inline-flex size-11 items-center justify-center rounded-lg text-stone-500 hover:bg-stone-100 hover:text-teal-800"
                >
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
                    <path d={social.path} />
                  </svg>
                  <span className="sr-only">{social.label}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  )
}
