/**
 * Whether this browser's session is being forgotten (a logout, a deleted
 * account): between "nobody is signed in" and arriving home, a guarded
 * screen still on show must not send the person to /login.
 */
let forgetting = false

export function isForgettingSession(): boolean {
  return forgetting
}

export async function whileForgettingSession(work: () => Promise<void>): Promise<void> {
  forgetting = true
  try {
    await work()
  } finally {
    forgetting = false
  }
}
