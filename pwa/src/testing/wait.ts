/**
 * How long a test waits for what it expects to appear (findBy…, waitFor,
 * vi.waitFor) before it fails. Their defaults (1 s) run out on a loaded
 * machine while a screen's lazy module is compiled on first use; a wait that
 * needs more than this is waiting for something that is not coming.
 */
export const waitLimit = 5_000
