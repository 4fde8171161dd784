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

/**
 * Whether this tab's session ended elsewhere (SessionEnded): the login form
 * says so for as long as it takes to come back, however long the tab was in
 * the background, where a toast would have come and gone unseen.
 */
let endedElsewhere = false

export function wasSignedOutElsewhere(): boolean {
  return endedElsewhere
}

export function noteSignedOutElsewhere(ended: boolean): void {
  endedElsewhere = ended
}
