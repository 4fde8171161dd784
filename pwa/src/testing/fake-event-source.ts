// EventSource as the browser has it, enough to hand the app events: jsdom and
// Node have none. Stub it with vi.stubGlobal('EventSource', FakeEventSource).
export class FakeEventSource {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  /** Every stream made since the last reset, oldest first. */
  static opened: FakeEventSource[] = []
  readyState: number = FakeEventSource.CONNECTING
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>()
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this)
  }
  get closed() {
    return this.readyState === FakeEventSource.CLOSED
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  /** The event types something listens for. */
  listenedTo(): string[] {
    return [...this.listeners.keys()]
  }
  close() {
    this.readyState = FakeEventSource.CLOSED
  }
  /** The server answered: the stream is open. */
  connect() {
    this.readyState = FakeEventSource.OPEN
    this.emit('open', {})
  }
  emit(type: string, data: unknown, lastEventId = '') {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId })
    for (const listener of this.listeners.get(type) ?? []) listener(event)
  }
}
