// What src/app uses from the offline feature: the pieces of the app shell that
// make Rehome an installable, offline-first app. The storage itself (saved
// queries, outbox) is in src/lib/offline, shared by every feature.
export { InstallButton } from './components/install-button'
export { useInstallPrompt } from './hooks/use-install-prompt'
export { OfflineBanner } from './components/offline-banner'
export { OutboxSync } from './components/outbox-sync'
