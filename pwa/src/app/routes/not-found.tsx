import { Link } from 'react-router-dom'
import { buttonClasses } from '@/components/button'
import { useI18n } from '@/lib/i18n'
import { useDocumentTitle } from '@/lib/use-document-title'

export function NotFoundRoute() {
  const i18n = useI18n()
  const title = i18n._({ id: 'notFound.title', message: 'Error 404' })
  useDocumentTitle(title)
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <svg aria-hidden="true" viewBox="0 0 120 80" width="180" height="120" className="text-teal-700">
        <path d="M20 70 35 30l15 40zM70 70l15-45 15 45z" fill="currentColor" opacity=".85" />
        <path d="M45 70 60 40l15 30z" fill="currentColor" opacity=".55" />
        <rect x="10" y="70" width="100" height="3" rx="1.5" fill="#a8a29e" />
      </svg>
      <h1 className="text-4xl font-bold">{title}</h1>
      <p className="text-2xl font-semibold text-stone-800">
        {i18n._({ id: 'notFound.lost', message: 'You are lost in the forest' })}
      </p>
      <p className="text-stone-600">
        {i18n._({ id: 'notFound.explanation', message: 'Looks like you have come to the forest in search of furniture' })}
      </p>
      <Link to="/" className={buttonClasses()}>
        {i18n._({ id: 'notFound.goBack', message: 'Go Back' })}
      </Link>
    </div>
  )
}
